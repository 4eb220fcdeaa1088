package validators

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestDependencies(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, parent, err := f.run(fieldCtx(u, 1), `+k8s:dependentRequired("b")`, `+k8s:dependentForbidden("c")`)
	if err != nil {
		t.Fatal(err)
	}
	if len(parent.Functions) != 2 {
		t.Fatalf("got %+v", parent.Functions)
	}
	fb, rq := parent.Functions[0], parent.Functions[1] // tags run in name order
	if rq.Function != stdFn("DependentRequired") || rq.Args[0] != "a" || rq.Args[2] != "b" {
		t.Errorf("required %+v", rq)
	}
	if !reflect.DeepEqual(rq.Emits, []Emission{{Type: field.ErrorTypeRequired, Origin: "dependentRequired", PathFragment: ".b"}}) {
		t.Errorf("emits %v", rq.Emits)
	}
	if fb.Function != stdFn("DependentForbidden") || fb.Emits[0].Origin != "dependentForbidden" || fb.Emits[0].Type != field.ErrorTypeForbidden {
		t.Errorf("forbidden %+v", fb)
	}
	if body := rq.Args[3].(FunctionLiteral).Body; body != "if obj == nil {return false}; return len(obj.B) != 0" {
		t.Errorf("dependent %s", body)
	}
}

func TestDependencyErrors(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, _, err := f.run(fieldCtx(u, 1), `+k8s:dependentRequired("zz")`)
	mustFail(t, err, "no field with JSON name")
	_, _, err = f.run(fieldCtx(u, 1), `+k8s:dependentRequired("a")`)
	mustFail(t, err, "itself")
	_, _, err = f.run(fieldCtx(u, 1), `+k8s:dependentForbidden("d")`)
	mustFail(t, err, "being set is not defined")
	_, _, err = f.run(fieldCtx(u, 1), `+k8s:dependentForbidden`)
	mustFail(t, err, "missing required positional argument")
}
