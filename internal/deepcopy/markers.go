package deepcopy

import "github.com/apigen-dev/apigen/markers"

const (
	enableMarker     = "k8s:deepcopy-gen"
	interfacesMarker = "k8s:deepcopy-gen:interfaces"
	nonPointerMarker = "k8s:deepcopy-gen:nonpointer-interfaces"
)

var (
	enablePackage = markers.Typed[markers.Option](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Package,
		Once:  true,
		Value: markers.Options{Values: markers.OneOf{"package", "false"}, Keys: []string{"register"}},
		Help:  "generate DeepCopy methods for every type of the package (package), or for none (false)",
	})
	enableType = markers.Typed[string](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Type,
		Once:  true,
		// deepcopy-gen stops on another value only where it would
		// generate the type (see selectTypes); elsewhere it passes over it.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"true", "false"}},
		Help:  "generate DeepCopy methods for this type (true), or leave it out (false)",
	})
	interfaces = markers.Typed[[]*markers.TypeRef](&markers.Definition{
		Name:       interfacesMarker,
		Place:      markers.Type,
		Value:      markers.TypeRefs{},
		Repeatable: true,
		Help:       "also generate DeepCopy<Interface> methods returning these interfaces, e.g. k8s.io/apimachinery/pkg/runtime.Object",
	})
	nonPointer = markers.Typed[string](&markers.Definition{
		Name:  nonPointerMarker,
		Place: markers.Type,
		// deepcopy-gen reads any value but true as false.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"true", "false"}, As: func(string) string { return "false" }},
		Help:  "put the DeepCopy<Interface> methods on the value receiver instead of the pointer",
	})
)

var definitions = []*markers.Definition{enablePackage.Definition, enableType.Definition, interfaces.Definition, nonPointer.Definition}

// Define declares deepcopy-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
}

// typeSetting reads a type's +k8s:deepcopy-gen value: "true", "false" or "".
func typeSetting(s markers.Set) string {
	v, _ := enableType.Get(s)
	return v
}

// interfaceRefs returns the interfaces named by a type's markers, in order.
func interfaceRefs(s markers.Set) []*markers.TypeRef {
	var out []*markers.TypeRef
	for _, refs := range interfaces.All(s) {
		out = append(out, refs...)
	}
	return out
}

func nonPointerInterfaces(s markers.Set) bool {
	v, _ := nonPointer.Get(s)
	return v == "true"
}
