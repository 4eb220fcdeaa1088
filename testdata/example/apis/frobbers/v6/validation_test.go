package v6

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validFrobber passes every declarative rule of v6.
func validFrobber() *Frobber {
	return &Frobber{
		ObjectMeta: metav1.ObjectMeta{Name: "f", Namespace: "ns"},
		Spec: FrobberSpec{
			Height:   3,
			Params:   []string{"a"},
			Selector: &FrobberSelector{MatchNames: []string{"one"}},
			Ports:    []FrobberPort{{Name: "http", Port: 80, Protocol: ProtocolTCP}, {Name: "dns", Port: 53, Protocol: ProtocolUDP}},
		},
	}
}

func validationScheme(t *testing.T) *runtime.Scheme {
	s := runtime.NewScheme()
	if err := AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// fieldErrors lists errs as path:type, in order.
func fieldErrors(errs field.ErrorList) string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Field+":"+string(e.Type))
	}
	return strings.Join(out, " ")
}

// TestDeclarativeValidation: v6's generated validation, registered in the
// scheme by AddToScheme, accepts a good Frobber and rejects each bad one
// at the field's path.
func TestDeclarativeValidation(t *testing.T) {
	s := validationScheme(t)
	if errs := s.Validate(context.Background(), nil, validFrobber()); len(errs) != 0 {
		t.Fatalf("a valid Frobber was rejected: %v", errs)
	}
	cases := []struct {
		name string
		edit func(*Frobber)
		want string
	}{
		{"required", func(f *Frobber) { f.Spec.Height = 0 }, "spec.height:FieldValueRequired"},
		{"maxItems", func(f *Frobber) { f.Spec.Params = make([]string, 17) }, "spec.params:FieldValueTooMany"},
		{"listType=map", func(f *Frobber) {
			f.Spec.Ports = append(f.Spec.Ports, FrobberPort{Name: "http", Port: 8080, Protocol: ProtocolTCP})
		}, "spec.ports[2]:FieldValueDuplicate"},
		{"enum", func(f *Frobber) { f.Spec.Ports[0].Protocol = "SCTP" }, "spec.ports[0].protocol:FieldValueNotSupported"},
		{"union, none", func(f *Frobber) { f.Spec.Selector = &FrobberSelector{} }, "spec.selector:FieldValueInvalid"},
		{"union, both", func(f *Frobber) { f.Spec.Selector.MatchLabels = map[string]string{"a": "b"} }, "spec.selector:FieldValueInvalid"},
	}
	for _, c := range cases {
		f := validFrobber()
		c.edit(f)
		if got := fieldErrors(s.Validate(context.Background(), nil, f)); got != c.want {
			t.Errorf("%s: errors %q, want %q", c.name, got, c.want)
		}
	}
}

// TestRatcheting: an update that leaves an already too long Params as it
// was passes; one that changes it is checked.
func TestRatcheting(t *testing.T) {
	s := validationScheme(t)
	old := validFrobber()
	old.Spec.Params = make([]string, 17) // stored before +k8s:maxItems=16
	relabeled := old.DeepCopy()
	relabeled.Labels = map[string]string{"tier": "gold"}
	if errs := s.ValidateUpdate(context.Background(), nil, relabeled, old); len(errs) != 0 {
		t.Errorf("an update leaving the old, too long Params alone was rejected: %v", errs)
	}
	grown := old.DeepCopy()
	grown.Spec.Params = append(grown.Spec.Params, "x")
	if got := fieldErrors(s.ValidateUpdate(context.Background(), nil, grown, old)); got != "spec.params:FieldValueTooMany" {
		t.Errorf("an update changing the too long Params: errors %q", got)
	}
}
