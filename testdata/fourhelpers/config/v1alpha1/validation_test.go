package v1alpha1

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func scheme(t *testing.T) *runtime.Scheme {
	s := runtime.NewScheme()
	if err := AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func ptr[T any](v T) *T { return &v }

func valid() *WidgetConfiguration {
	return &WidgetConfiguration{
		Name:     "w",
		Replicas: ptr(int32(2)),
		Mode:     ModeActive,
		Ports:    []Port{{Name: "http", Number: 80}, {Name: "metrics", Number: 9090, Protocol: "TCP"}},
		Tags:     []string{"a", "b"},
		Limits:   map[string]int32{"cpu": 2},
		Backend:  &Backend{Queue: ptr("jobs")},
	}
}

// paths returns the field paths of errs, one per error, in order.
func paths(errs field.ErrorList) string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Field+":"+string(e.Type))
	}
	return strings.Join(out, " ")
}

// TestCreate: the generated validation, registered in the scheme, accepts
// a good object and names each bad field by its path.
func TestCreate(t *testing.T) {
	s := scheme(t)
	if errs := s.Validate(context.Background(), nil, valid()); len(errs) != 0 {
		t.Fatalf("a valid object was rejected: %v", errs)
	}
	cases := []struct {
		name string
		edit func(*WidgetConfiguration)
		want string
	}{
		{"required", func(o *WidgetConfiguration) { o.Name = "" }, "name:FieldValueRequired"},
		{"maxLength", func(o *WidgetConfiguration) { o.Name = strings.Repeat("x", 64) }, "name:FieldValueTooLong"},
		{"minimum", func(o *WidgetConfiguration) { o.Replicas = ptr(int32(0)) }, "replicas:FieldValueInvalid"},
		{"enum", func(o *WidgetConfiguration) { o.Mode = "Frantic" }, "mode:FieldValueNotSupported"},
		{"listMapKey", func(o *WidgetConfiguration) { o.Ports = append(o.Ports, Port{Name: "http", Number: 81}) }, "ports[2]:FieldValueDuplicate"},
		{"item maximum", func(o *WidgetConfiguration) { o.Ports[1].Number = 70000 }, "ports[1].number:FieldValueInvalid"},
		{"set", func(o *WidgetConfiguration) { o.Tags = []string{"a", "a"} }, "tags[1]:FieldValueDuplicate"},
		{"eachVal maxLength", func(o *WidgetConfiguration) { o.Tags = []string{strings.Repeat("t", 17)} }, "tags[0]:FieldValueTooLong"},
		{"eachVal map", func(o *WidgetConfiguration) { o.Limits["memory"] = -1 }, "limits[memory]:FieldValueInvalid"},
		{"union none", func(o *WidgetConfiguration) { o.Backend = &Backend{} }, "backend:FieldValueInvalid"},
		{"union two", func(o *WidgetConfiguration) { o.Backend = &Backend{Queue: ptr("q"), Bucket: ptr("b")} }, "backend:FieldValueInvalid"},
	}
	for _, c := range cases {
		o := valid()
		c.edit(o)
		if got := paths(s.Validate(context.Background(), nil, o)); got != c.want {
			t.Errorf("%s: errors %q, want %q", c.name, got, c.want)
		}
	}
}

// TestRatcheting: on update, a field that was already invalid and did not
// change is let through; a change to it is checked.
func TestRatcheting(t *testing.T) {
	s := scheme(t)
	old := valid()
	old.Tags = []string{strings.Repeat("t", 17)} // invalid, as stored before the rule
	same := old.DeepCopy()
	same.Replicas = ptr(int32(3))
	if errs := s.ValidateUpdate(context.Background(), nil, same, old); len(errs) != 0 {
		t.Errorf("an unchanged invalid field failed the update: %v", errs)
	}
	changed := old.DeepCopy()
	changed.Tags = []string{strings.Repeat("u", 17)}
	if got := paths(s.ValidateUpdate(context.Background(), nil, changed, old)); got != "tags[0]:FieldValueTooLong" {
		t.Errorf("a changed invalid field: errors %q", got)
	}
	immutable := valid()
	immutable.Ports[1].Protocol = "UDP"
	if got := paths(s.ValidateUpdate(context.Background(), nil, immutable, valid())); got != "ports[1].protocol:FieldValueInvalid" {
		t.Errorf("changing an immutable field: errors %q", got)
	}
}
