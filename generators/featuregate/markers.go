package featuregate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

const (
	enableMarker = "k8s:featuregate-gen"
	gateMarker   = "featureGate"
	// kepGateMarker is the spelling KEP-5975 proposes for the same marker.
	kepGateMarker = "k8s:featureGate"
)

var definitions = []*markers.Definition{
	{
		Name:  enableMarker,
		Place: markers.Package,
		Value: markers.OneOf{"package"},
		Help:  "generate DropDisabled<Type>Fields and <Type>FeatureGatesInUse for the package's types that reach a +featureGate field",
	},
	{
		Name:       gateMarker,
		Place:      markers.Field | markers.Const,
		Value:      GateList{},
		Repeatable: true,
		Help:       "the feature gates a field needs, all of them enabled, or that gate one value (a constant) of an enum type",
	},
	{
		Name:       kepGateMarker,
		Place:      markers.Field | markers.Const,
		Value:      GateList{},
		Repeatable: true,
		Help:       "the same as +featureGate, as KEP-5975 spells it",
	},
}

// Define declares featuregate-gen's markers and claims its name spaces.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
	reg.Own(gateMarker)
	reg.Own(kepGateMarker)
}

// GateList is a comma-separated list of feature gate names, each a Go
// identifier as Kubernetes names its gates. Parse returns a []string.
type GateList struct{}

func (GateList) String() string { return "Gate[,Gate...]" }

var gateName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

func (GateList) Parse(raw string) (any, error) {
	if raw == "" {
		return nil, fmt.Errorf("a feature gate name is required")
	}
	var gates []string
	for _, g := range strings.Split(raw, ",") {
		switch g = strings.TrimSpace(g); {
		case g == "":
			return nil, fmt.Errorf("an empty feature gate name in the list")
		case !gateName.MatchString(g):
			return nil, fmt.Errorf("%q is not a feature gate name (letters, digits and _, starting with a letter)", g)
		}
		gates = append(gates, g)
	}
	return gates, nil
}
