package featuregate

import "github.com/apigen-dev/apigen/markers"

const enableMarker = "k8s:featuregate-gen"

// The names of the gate markers, which compat reads too.
var (
	gateMarker = markers.FeatureGate.Name
	// kepGateMarker is the spelling KEP-5975 proposes for the same marker.
	kepGateMarker = markers.K8sFeatureGate.Name
)

var enable = markers.Typed[string](&markers.Definition{
	Name:  enableMarker,
	Place: markers.Package,
	Value: markers.OneOf{"package"},
	Help:  "generate DropDisabled<Type>Fields and <Type>FeatureGatesInUse for the package's types that reach a +featureGate field",
})

var definitions = []*markers.Definition{enable.Definition, markers.FeatureGate.Definition, markers.K8sFeatureGate.Definition}

// Define declares featuregate-gen's markers and claims its name spaces.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
	reg.Own(gateMarker)
	reg.Own(kepGateMarker)
}
