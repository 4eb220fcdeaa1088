package validators

import (
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"
)

func TestItemWrapsPayload(t *testing.T) {
	f := newFixture(t)
	v, _, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=map`, `+k8s:listMapKey=name`,
		`+k8s:item(name: "a")=+k8s:probeForTests="x"`)
	if err != nil {
		t.Fatal(err)
	}
	var it *FunctionGen
	for i := range v.Functions {
		if v.Functions[i].TagName == tagItem {
			it = &v.Functions[i]
		}
	}
	if it == nil {
		t.Fatalf("no item call in %+v", v.Functions)
	}
	if it.Function != stdFn("ValSliceItem") || it.Cohort != `{"name": "a"}` || it.Flags != ShortCircuit {
		t.Errorf("got %+v", it)
	}
	if body := it.Args[0].(FunctionLiteral).Body; body != `return item.Name == "a"` {
		t.Errorf("match body %s", body)
	}
	if it.Args[1] != Identifier(stdFn("SemanticDeepEqual")) {
		t.Errorf("equiv %v", it.Args[1])
	}
	w := it.Args[2].(WrapperFunction)
	if w.Function.Function != stdFn("Probe") || w.ObjType != f.item {
		t.Errorf("wrapper %+v", w)
	}
}

func TestItemKeysReordered(t *testing.T) {
	f := newFixture(t)
	v, _, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:listMapKey=port`,
		`+k8s:item(port: 80, name: "a")=+k8s:probeForTests="x"`)
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range v.Functions {
		if fn.TagName != tagItem {
			continue
		}
		want := `return item.Name == "a" && item.Port != nil && *item.Port == 80`
		if body := fn.Args[0].(FunctionLiteral).Body; body != want {
			t.Errorf("got %s, want %s", body, want)
		}
		if fn.Cohort != `{"port": 80, "name": "a"}` {
			t.Errorf("cohort %s", fn.Cohort)
		}
		return
	}
	t.Fatal("no item call")
}

func TestItemErrors(t *testing.T) {
	for _, tc := range []struct {
		tags []string
		want string
	}{
		{[]string{`+k8s:item(name: "a")=+k8s:probeForTests="x"`}, "need a list with keys"},
		{[]string{`+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:item(count: 1)=+k8s:probeForTests="x"`}, "missing required listMapKey"},
		{[]string{`+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:item(name: 1)=+k8s:probeForTests="x"`}, "is a string"},
		{[]string{`+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:item("a")=+k8s:probeForTests="x"`}, "must be named"},
		{[]string{`+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:item(name: "a", port: 1)=+k8s:probeForTests="x"`}, "2 key arguments"},
	} {
		f := newFixture(t)
		_, _, err := f.run(fieldCtx(f.host, 0), tc.tags...)
		mustFail(t, err, tc.want)
	}
	f := newFixture(t)
	strs := &types.Type{Name: types.Name{Name: "[]string"}, Kind: types.Slice, Elem: types.String}
	st := f.structType("S", types.Member{Name: "A", Type: strs, Tags: `json:"a"`})
	_, _, err := f.run(fieldCtx(st, 0), `+k8s:item(name: "a")=+k8s:probeForTests="x"`)
	mustFail(t, err, "lists of structs")
}

func TestItemUnion(t *testing.T) {
	f := newFixture(t)
	v, parent, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=map`, `+k8s:listMapKey=name`,
		`+k8s:item(name: "b")=+k8s:unionMember`, `+k8s:item(name: "a")=+k8s:unionMember`)
	if err != nil {
		t.Fatal(err)
	}
	// The union runs on the list, in the list's own context.
	if len(parent.Functions) != 0 {
		t.Errorf("union escaped to the parent: %+v", parent.Functions)
	}
	var union *FunctionGen
	for i := range v.Functions {
		if v.Functions[i].Function == stdFn("Union") {
			union = &v.Functions[i]
		}
	}
	if union == nil || len(v.Variables) != 1 {
		t.Fatalf("got %+v", v)
	}
	wantVar := PrivateVar{Name: "unionMembershipFor_example_com_api_Host_items_", Package: "local"}
	if v.Variables[0].Variable != wantVar || union.Args[0] != wantVar {
		t.Errorf("variable %+v", v.Variables[0].Variable)
	}
	ctor := v.Variables[0].Initializer.(FunctionGen)
	if first := ctor.Args[0].(FunctionGen).Args[0]; first != `items[{"name": "b"}]` {
		t.Errorf("first member %v", first)
	}
	lit := union.Args[1].(FunctionLiteral) // items sorted by name: "a" first
	if !strings.Contains(lit.Body, `list[i].Name == "a"`) || lit.Parameters[0].Type != f.list {
		t.Errorf("extractor %+v", lit)
	}
}
