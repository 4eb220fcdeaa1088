package servercheck

import (
	"maps"
	"slices"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

func refTo(ref string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Ref: spec.MustCreateRef(ref)}}
}

// TestReachable: a request carries the root and every def it refers to,
// by each form of reference and from each place a schema can hold one,
// and nothing else.
func TestReachable(t *testing.T) {
	obj := func(props map[string]spec.Schema) spec.Schema {
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Properties: props}}
	}
	items := refTo("#/components/schemas/Items")
	defs := map[string]spec.Schema{
		"Root": obj(map[string]spec.Schema{
			"a":    refTo("#/definitions/A"),
			"list": {SchemaProps: spec.SchemaProps{Items: &spec.SchemaOrArray{Schema: &items}}},
			"all":  {SchemaProps: spec.SchemaProps{AllOf: []spec.Schema{refTo("#/definitions/a~1b~0c")}}},
			"m":    {SchemaProps: spec.SchemaProps{AdditionalProperties: &spec.SchemaOrBool{Schema: &spec.Schema{SchemaProps: spec.SchemaProps{Not: &spec.Schema{SchemaProps: spec.SchemaProps{Ref: spec.MustCreateRef("Bare")}}}}}}},
		}),
		"A":       obj(map[string]spec.Schema{"back": refTo("#/definitions/Root"), "b": refTo("#/definitions/B")}),
		"B":       obj(nil),
		"Items":   obj(nil),
		"a/b~c":   obj(nil),
		"Bare":    obj(nil),
		"Unused":  obj(map[string]spec.Schema{"a": refTo("#/definitions/A")}),
		"Unused2": obj(nil),
	}
	got := slices.Sorted(maps.Keys(reachable("Root", defs)))
	want := []string{"A", "B", "Bare", "Items", "Root", "a/b~c"}
	if !slices.Equal(got, want) {
		t.Errorf("reachable from Root: %v, want %v", got, want)
	}
	if got := reachable("Missing", defs); len(got) != 0 {
		t.Errorf("reachable from a missing root: %v", slices.Sorted(maps.Keys(got)))
	}
}
