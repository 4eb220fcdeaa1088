package conversion

import (
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/markers"
)

const (
	enableMarker   = "k8s:conversion-gen"
	externalMarker = "k8s:conversion-gen-external-types"
	explicitMarker = "k8s:conversion-gen:explicit-from"
	fnMarker       = "k8s:conversion-fn"
)

var (
	enablePackage = markers.Typed[string](&markers.Definition{
		Name:       enableMarker,
		Place:      markers.Package,
		Value:      markers.ImportPath{AllowFalse: true},
		Repeatable: true,
		Help:       "generate conversions between this package's types and the same-named types of the given package (repeatable); false generates only explicit and hand-written ones",
	})
	enableType = markers.Typed[string](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Type,
		Value: markers.OneOf{"false"},
		Help:  "leave this type out of generated conversions",
	})
	enableField = markers.Typed[string](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Field,
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"false"}, Why: "only false has an effect; conversion-gen passes over other values"},
		Help:  "false leaves this field out of generated conversions",
	})
	external = markers.Typed[string](&markers.Definition{
		Name:  externalMarker,
		Place: markers.Package,
		Once:  true,
		Value: markers.ImportPath{},
		Help:  "the package that holds the versioned types, when it is not this one",
	})
	fromTypes = markers.Typed[[]*markers.TypeRef](&markers.Definition{
		Name:       explicitMarker,
		Place:      markers.Type,
		Value:      markers.TypeRefs{},
		Repeatable: true,
		Help:       "also generate a conversion from the named type (only net/url.Values is supported)",
	})
	conversionFn = markers.Typed[string](&markers.Definition{
		Name:  fnMarker,
		Place: markers.Func,
		Once:  true,
		Value: markers.OneOf{"copy-only", "drop"},
		Help:  "on a hand-written conversion: copy-only allows a plain copy in its place, drop skips the field",
	})
)

var definitions = []*markers.Definition{
	enablePackage.Definition,
	enableType.Definition,
	enableField.Definition,
	external.Definition,
	fromTypes.Definition,
	conversionFn.Definition,
}

// Define declares conversion-gen's markers and claims its name spaces.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Define(hubspoke.Hub.Definition)
	reg.Own(enableMarker)
	reg.Own(fnMarker)
}

// activation is what a package's markers say about its conversions.
type activation struct {
	active       bool     // conversions are generated for the package
	explicitOnly bool     // +k8s:conversion-gen=false: no peer conversions
	peers        []string // from +k8s:conversion-gen=<path>
	peerMarkers  []markers.Marker
	typesPkg     string // where the versioned types are
	typesMarker  *markers.Marker
	mixed        *markers.Marker // a "false" among peer paths: an error
}

// activationOf reads a package's +k8s:conversion-gen and
// +k8s:conversion-gen-external-types markers.
func activationOf(path string, s markers.Set) activation {
	a := activation{typesPkg: path}
	var falses, others []markers.Marker
	for m, v := range enablePackage.Each(s) {
		if v == "false" {
			falses = append(falses, m)
		} else {
			others = append(others, m)
		}
	}
	switch {
	case len(falses) > 0 && len(others) > 0:
		a.mixed = &falses[0]
	case len(falses) > 0:
		a.active, a.explicitOnly = true, true
	case len(others) > 0:
		a.active = true
		a.peerMarkers = others
		for _, m := range others {
			v, _ := enablePackage.Of(m)
			a.peers = append(a.peers, v)
		}
	}
	if v, m, ok := external.Lookup(s); ok {
		a.typesPkg = v
		a.typesMarker = &m
	}
	return a
}
