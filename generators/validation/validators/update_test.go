package validators

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestUpdateScalarAndPointer(t *testing.T) {
	f := newFixture(t)
	ctx := fieldCtx(f.item, 1) // Port *int
	ctx.StabilityLevel = ValidationStabilityLevelBeta
	v, _, err := f.run(ctx, `+k8s:update=NoUnset`, `+k8s:update=NoModify`, `+k8s:update=NoSet`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 1 {
		t.Fatalf("got %d functions, want one merged call", len(v.Functions))
	}
	fn := v.Functions[0]
	wantArgs := []any{Identifier(stdFn("NoSet")), Identifier(stdFn("NoUnset")), Identifier(stdFn("NoModify"))}
	if fn.Function != stdFn("UpdatePointer") || !reflect.DeepEqual(fn.Args, wantArgs) || fn.Flags != ShortCircuit {
		t.Errorf("got %+v", fn)
	}
	if fn.StabilityLevel != ValidationStabilityLevelBeta {
		t.Errorf("level %q", fn.StabilityLevel)
	}
	v, _, err = f.run(fieldCtx(f.item, 2), `+k8s:update=NoModify`)
	if err != nil || v.Functions[0].Function != stdFn("UpdateValueByCompare") {
		t.Fatalf("got %+v, %v", v, err)
	}
	if want := []Emission{{Type: field.ErrorTypeInvalid, Origin: "update"}}; !reflect.DeepEqual(v.Functions[0].Emits, want) {
		t.Errorf("emits %v", v.Functions[0].Emits)
	}
}

func TestUpdateListItems(t *testing.T) {
	f := newFixture(t)
	v, _, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=map`, `+k8s:listMapKey=name`,
		`+k8s:update=NoAddItem`, `+k8s:update=NoRemoveItem`, `+k8s:update=NoSet`)
	if err != nil {
		t.Fatal(err)
	}
	var upd *FunctionGen
	for i := range v.Functions {
		if v.Functions[i].TagName == tagUpdate {
			upd = &v.Functions[i]
		}
	}
	if upd == nil || upd.Function != stdFn("ValSliceUpdate") {
		t.Fatalf("no ValSliceUpdate in %+v", v.Functions)
	}
	if upd.Args[0].(FunctionLiteral).Body != "return a.Name == b.Name" || len(upd.Args) != 4 {
		t.Errorf("args %+v", upd.Args)
	}
	want := []Emission{
		{Type: field.ErrorTypeInvalid, Origin: "update"},
		{Type: field.ErrorTypeForbidden, Origin: "update", PathFragment: "[*]"},
		{Type: field.ErrorTypeForbidden, Origin: "update"},
	}
	if !reflect.DeepEqual(upd.Emits, want) {
		t.Errorf("emits %v", upd.Emits)
	}
}

func TestUpdateMapAndItem(t *testing.T) {
	f := newFixture(t)
	m := &types.Type{Name: types.Name{Name: "map[string]string"}, Kind: types.Map, Key: types.String, Elem: types.String}
	st := f.structType("M", types.Member{Name: "M", Type: m, Tags: `json:"m"`})
	v, _, err := f.run(fieldCtx(st, 0), `+k8s:update=NoRemoveItem`)
	if err != nil {
		t.Fatal(err)
	}
	fn := v.Functions[0]
	if fn.Function != stdFn("UpdateMap") || !reflect.DeepEqual(fn.Emits, []Emission{{Type: field.ErrorTypeForbidden, Origin: "update", PathFragment: "[*]"}}) {
		t.Errorf("got %+v", fn)
	}
	item := Context{Scope: ScopeMapVal, Type: types.String, Path: fieldCtx(st, 0).Path.Key("(vals)")}
	v, _, err = f.run(item, `+k8s:update=NoModify`)
	if err != nil || v.Functions[0].Function != stdFn("UpdateValueByCompare") {
		t.Fatalf("got %+v %v", v, err)
	}
}

func TestUpdateErrors(t *testing.T) {
	f := newFixture(t)
	_, _, err := f.run(fieldCtx(f.host, 0), `+k8s:update=NoModify`)
	mustFail(t, err, "eachVal")
	_, _, err = f.run(fieldCtx(f.item, 0), `+k8s:update=NoAddItem`)
	mustFail(t, err, "only for list and map")
	_, _, err = f.run(fieldCtx(f.item, 0), `+k8s:update=NoChange`)
	mustFail(t, err, "unknown update constraint")
	f = newFixture(t)
	_, _, err = f.run(fieldCtx(f.host, 0), `+k8s:update=NoAddItem`)
	mustFail(t, err, "need list tags")
	st := f.structType("WithStruct", types.Member{Name: "I", Type: f.item, Tags: `json:"i"`})
	_, _, err = f.run(fieldCtx(st, 0), `+k8s:update=NoSet`)
	mustFail(t, err, "non-pointer struct")
	setHost := f.structType("SetHost", types.Member{Name: "Items", Type: f.list, Tags: `json:"items"`})
	if _, _, err := f.run(fieldCtx(setHost, 0), `+k8s:listType=set`); err != nil {
		t.Fatal(err)
	}
	item := Context{Scope: ScopeListVal, Type: f.item, Path: fieldCtx(setHost, 0).Path.Key("(vals)"), ParentPath: fieldCtx(setHost, 0).Path}
	_, _, err = f.run(item, `+k8s:update=NoModify`)
	mustFail(t, err, "listType=map or unique=map")
	_, _, err = f.run(item, `+k8s:update=NoSet`)
	mustFail(t, err, "on the field")
}
