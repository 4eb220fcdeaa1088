package deepcopy

import "github.com/apigen-dev/apigen/markers"

const (
	enableMarker     = "k8s:deepcopy-gen"
	interfacesMarker = "k8s:deepcopy-gen:interfaces"
	nonPointerMarker = "k8s:deepcopy-gen:nonpointer-interfaces"
)

var definitions = []*markers.Definition{
	{
		Name:  enableMarker,
		Place: markers.Package,
		Once:  true,
		Value: markers.Options{Values: markers.OneOf{"package", "false"}, Keys: []string{"register"}},
		Help:  "generate DeepCopy methods for every type of the package (package), or for none (false)",
	},
	{
		Name:  enableMarker,
		Place: markers.Type,
		Once:  true,
		// deepcopy-gen stops on another value only where it would
		// generate the type (see selectTypes); elsewhere it passes over it.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"true", "false"}},
		Help:  "generate DeepCopy methods for this type (true), or leave it out (false)",
	},
	{
		Name:       interfacesMarker,
		Place:      markers.Type,
		Value:      markers.TypeRefs{},
		Repeatable: true,
		Help:       "also generate DeepCopy<Interface> methods returning these interfaces, e.g. k8s.io/apimachinery/pkg/runtime.Object",
	},
	{
		Name:  nonPointerMarker,
		Place: markers.Type,
		// deepcopy-gen reads any value but true as false.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"true", "false"}, As: func(string) string { return "false" }},
		Help:  "put the DeepCopy<Interface> methods on the value receiver instead of the pointer",
	},
}

// Define declares deepcopy-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
}

// typeSetting reads a type's +k8s:deepcopy-gen value: "true", "false" or "".
func typeSetting(s markers.Set) string {
	if m, ok := s.Get(enableMarker); ok {
		return m.Value.(string)
	}
	return ""
}

// interfaceRefs returns the interfaces named by a type's markers, in order.
func interfaceRefs(s markers.Set) []*markers.TypeRef {
	var out []*markers.TypeRef
	for _, m := range s.All(interfacesMarker) {
		out = append(out, m.Value.([]*markers.TypeRef)...)
	}
	return out
}

func nonPointerInterfaces(s markers.Set) bool {
	m, ok := s.Get(nonPointerMarker)
	return ok && m.Value.(string) == "true"
}
