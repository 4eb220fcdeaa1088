// Package genclient works out what client-gen, lister-gen and informer-gen
// need to know about an API package: its group, version, whether it is
// internal, and which types asked for what with the +genclient markers.
// The markers themselves are defined once, in the markers package; the
// names below are the same typed definitions under the names this package
// has always exported.
package genclient

import "github.com/apigen-dev/apigen/markers"

// Verbs are the client verbs, in the order client-gen knows them.
var Verbs = markers.ClientVerbs

var readonlyVerbs = markers.ReadonlyVerbs

// MethodSpec is the value of a +genclient:method marker.
type MethodSpec = markers.GenClientMethodSpec

// The shared definitions.
var (
	Generate           = markers.GenClient
	NonNamespaced      = markers.GenClientNonNamespaced
	NoVerbs            = markers.GenClientNoVerbs
	NoStatus           = markers.GenClientNoStatus
	ReadOnly           = markers.GenClientReadOnly
	OnlyVerbs          = markers.GenClientOnlyVerbs
	SkipVerbs          = markers.GenClientSkipVerbs
	Method             = markers.GenClientMethod
	GroupGoNameMarker  = markers.GroupGoName
	ResourceNameMarker = markers.ResourceName
)

// Definitions are the markers of the +genclient family.
var Definitions = markers.GenClientDefinitions

// Define declares the +genclient family and claims its name space, so that
// an unknown +genclient... marker on a type is an error, as upstream's, and a
// misspelt one elsewhere a warning.
func Define(reg *markers.Registry) {
	reg.Define(markers.GenClientDefinitions...)
	reg.OwnStrictly(markers.GenClientNamespace)
}

// Switch is the package marker that turns a generator of the family off
// for a package, +<name>=false; it is on by default and may repeat.
type Switch struct{ markers.Def[bool] }

// NewSwitch declares the switch name.
func NewSwitch(name, help string) Switch {
	return Switch{markers.PackageSwitch(name, true, help)}
}

// Define declares the +genclient family, the switch, +groupName and more,
// the markers a generator reads, and claims the switch's name space.
func (s Switch) Define(reg *markers.Registry, more ...*markers.Definition) {
	Define(reg)
	reg.Define(append([]*markers.Definition{s.Definition, markers.GroupName.Definition}, more...)...)
	reg.Own(s.Name)
}
