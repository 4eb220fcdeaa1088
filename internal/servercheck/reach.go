package servercheck

import (
	"strings"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// reachable returns defs[root] and every def it refers to, directly or
// not: all that a check of root reads. A request to the child carries only
// these, not every definition of the run. A reference is looked up the
// ways internal/cel resolves one (the bare key, or the key after
// "#/definitions/" or "#/components/schemas/", JSON Pointer escaped); a
// def kept that the check does not need changes nothing.
func reachable(root string, defs map[string]spec.Schema) map[string]spec.Schema {
	out := map[string]spec.Schema{}
	var visit func(name string)
	visit = func(name string) {
		s, ok := defs[name]
		if _, seen := out[name]; !ok || seen {
			return
		}
		out[name] = s
		eachRef(&s, func(ref string) {
			for _, name := range refKeys(ref) {
				visit(name)
			}
		})
	}
	visit(root)
	return out
}

// refKeys returns the keys ref may name.
func refKeys(ref string) []string {
	keys := []string{ref}
	for _, prefix := range []string{"#/definitions/", "#/components/schemas/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			keys = append(keys, strings.NewReplacer("~1", "/", "~0", "~").Replace(name))
		}
	}
	return keys
}

// eachRef calls f with every $ref in s and the schemas inside it.
func eachRef(s *spec.Schema, f func(ref string)) {
	if ref := s.Ref.String(); ref != "" {
		f(ref)
	}
	each := func(list ...spec.Schema) {
		for i := range list {
			eachRef(&list[i], f)
		}
	}
	one := func(s *spec.Schema) {
		if s != nil {
			eachRef(s, f)
		}
	}
	for _, m := range []map[string]spec.Schema{s.Properties, s.PatternProperties, s.Definitions} {
		for _, p := range m {
			each(p)
		}
	}
	if s.Items != nil {
		one(s.Items.Schema)
		each(s.Items.Schemas...)
	}
	if s.AdditionalProperties != nil {
		one(s.AdditionalProperties.Schema)
	}
	if s.AdditionalItems != nil {
		one(s.AdditionalItems.Schema)
	}
	for _, d := range s.Dependencies {
		one(d.Schema)
	}
	each(s.AllOf...)
	each(s.AnyOf...)
	each(s.OneOf...)
	one(s.Not)
}
