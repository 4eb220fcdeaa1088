package validators

import (
	"testing"

	"k8s.io/gengo/v2/types"
)

func TestSubfield(t *testing.T) {
	f := newFixture(t)
	f.item.Members[1].CommentLines = []string{"+k8s:probeForTests=\"own\""}
	st := f.structType("S", types.Member{Name: "I", Type: f.item, Tags: `json:"i"`})
	v, _, err := f.run(fieldCtx(st, 0), `+k8s:subfield(port)=+k8s:probeForTests="p"`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 2 {
		t.Fatalf("got %+v", v.Functions)
	}
	payload, gate := v.Functions[0], v.Functions[1]
	if payload.Function != stdFn("Subfield") || payload.Cohort != "port" || payload.Args[0] != "port" {
		t.Errorf("got %+v", payload)
	}
	get := payload.Args[1].(FunctionLiteral)
	if get.Body != "return o.Port" || get.Parameters[0].Type.String() != "*"+f.item.String() {
		t.Errorf("getter %+v", get)
	}
	if payload.Args[2] != Identifier(stdFn("DirectEqual")) {
		t.Errorf("equiv %v", payload.Args[2])
	}
	w := payload.Args[3].(WrapperFunction)
	if w.PathFragment != ".port" || w.Function.Args[0] != "p" {
		t.Errorf("wrapper %+v", w)
	}
	if gate.Flags != ShortCircuit|NonError || gate.Args[3].(WrapperFunction).Function.Args[0] != "own" {
		t.Errorf("gate %+v", gate)
	}
	// A second subfield of the same field does not copy the gates again.
	v, _, err = f.run(fieldCtx(st, 0), `+k8s:subfield(port)=+k8s:probeForTests="q"`)
	if err != nil || len(v.Functions) != 1 {
		t.Fatalf("got %+v, %v", v.Functions, err)
	}
}

func TestSubfieldOpaque(t *testing.T) {
	f := newFixture(t)
	f.item.Members[1].CommentLines = []string{"+k8s:probeForTests=\"own\""}
	st := f.structType("S", types.Member{Name: "I", Type: f.item, Tags: `json:"i"`,
		CommentLines: []string{"+k8s:alpha=+k8s:opaqueType"}})
	v, _, err := f.run(fieldCtx(st, 0), `+k8s:subfield(name)=+k8s:probeForTests="p"`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 1 {
		t.Fatalf("opaque field still copies gates: %+v", v.Functions)
	}
	if get := v.Functions[0].Args[1].(FunctionLiteral); get.Body != "return &o.Name" {
		t.Errorf("getter %+v", get)
	}
}

func TestSubfieldErrors(t *testing.T) {
	f := newFixture(t)
	st := f.structType("S", types.Member{Name: "I", Type: f.item, Tags: `json:"i"`})
	_, _, err := f.run(fieldCtx(st, 0), `+k8s:subfield(nope)=+k8s:probeForTests="p"`)
	mustFail(t, err, "no field with JSON name")
	_, _, err = f.run(fieldCtx(st, 0), `+k8s:subfield(name)=+k8s:subfield(x)=+k8s:probeForTests="p"`)
	mustFail(t, err, "may not hold another")
	_, _, err = f.run(fieldCtx(f.item, 0), `+k8s:subfield(name)=+k8s:probeForTests="p"`)
	mustFail(t, err, "only structs")
}
