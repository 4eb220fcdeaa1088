package validators

import (
	"testing"

	"k8s.io/gengo/v2/types"
)

func TestModes(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, parent, err := f.runStruct(u, map[int][]string{
		0: {`+k8s:modeDiscriminator`},
		1: {`+k8s:ifMode("x")=+k8s:probeForTests="1"`},
		3: {`+k8s:alpha=+k8s:ifMode(mode: "y")=+k8s:probeForTests="2"`}})
	if err != nil {
		t.Fatal(err)
	}
	if len(parent.Functions) != 2 {
		t.Fatalf("got %+v", parent.Functions)
	}
	a, c := parent.Functions[0], parent.Functions[1]
	if a.Function != stdFn("Discriminated") || !a.StabilityLevelSelfManaged || a.Args[0] != Literal(`"a"`) {
		t.Errorf("got %+v", a)
	}
	if get := a.Args[1].(FunctionLiteral); get.Body != "return obj.A" || get.Results[0].Type != u.Members[1].Type {
		t.Errorf("getter %+v", get)
	}
	if get := c.Args[1].(FunctionLiteral); get.Body != "return &obj.C" || get.Results[0].Type.String() != "*string" {
		t.Errorf("getter %+v", get)
	}
	if d := a.Args[2].(FunctionLiteral); d.Body != "return obj.Kind" {
		t.Errorf("discriminator %+v", d)
	}
	forbid := a.Args[4].(MultiWrapperFunction)
	if forbid.Functions[0].Function != stdFn("ForbiddenPointer") || forbid.PathFragment != ".a" || forbid.Functions[0].StabilityLevel != "" {
		t.Errorf("forbidden %+v", forbid)
	}
	// Every rule of C is alpha, so the default Forbidden is too.
	cForbid := c.Args[4].(MultiWrapperFunction)
	if cForbid.Functions[0].Function != stdFn("ForbiddenValue") || cForbid.Functions[0].StabilityLevel != ValidationStabilityLevelAlpha {
		t.Errorf("forbidden %+v", cForbid)
	}
	rules := c.Args[5].(SliceLiteral)
	rule := rules.Elements[0].(StructLiteral)
	if rule.Fields[0].Value != "y" || len(rule.TypeArgs) != 2 || rule.TypeArgs[1] != types.String {
		t.Errorf("rule %+v", rule)
	}
	w := rule.Fields[1].Value.(MultiWrapperFunction)
	if w.Functions[0].Function != stdFn("Probe") || w.Functions[0].StabilityLevel != ValidationStabilityLevelAlpha {
		t.Errorf("wrapped %+v", w)
	}
}

func TestModeErrors(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, _, err := f.run(fieldCtx(u, 1), `+k8s:ifMode("x")=+k8s:probeForTests="1"`)
	mustFail(t, err, "no field is a modeDiscriminator")
	_, _, err = f.run(fieldCtx(u, 1), `+k8s:modeDiscriminator`)
	mustFail(t, err, "not be a pointer")
	_, _, err = f.run(fieldCtx(u, 0), `+k8s:modeDiscriminator(modality: "default")`)
	mustFail(t, err, "reserved")
	_, _, err = f.run(fieldCtx(u, 0), `+k8s:modeDiscriminator(modality: "1x")`)
	mustFail(t, err, "does not match")
	_, _, err = f.run(fieldCtx(u, 2), `+k8s:ifMode(modality: "m")=+k8s:probeForTests="1"`)
	mustFail(t, err, "mode is missing")
	f = newFixture(t)
	u = unionStruct(f)
	if _, _, err := f.run(fieldCtx(u, 0), `+k8s:modeDiscriminator`); err != nil {
		t.Fatal(err)
	}
	_, _, err = f.run(fieldCtx(u, 4), `+k8s:ifMode("x")=+k8s:probeForTests="1"`)
	mustFail(t, err, "must be pointers")
}
