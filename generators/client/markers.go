package client

import (
	"go/token"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/markers"
)

// allVerbs are the verbs a typed client can have, in the order its
// interface lists them.
var allVerbs = markers.ClientVerbs

// enableMarker switches client-gen off for a package.
const enableMarker = "k8s:client-gen"

var enableDefinition = markers.PackageSwitch(enableMarker, false,
	"false: generate no client for this package, even when --input names it")

// Define declares client-gen's markers and claims its name spaces. The
// +genclient family, +groupName, +groupGoName and +resourceName are the
// shared definitions that lister-gen and informer-gen declare too.
func (g *Generator) Define(reg *markers.Registry) {
	genclient.Define(reg)
	reg.Define(markers.GroupName.Definition, markers.GroupGoName.Definition, markers.ResourceName.Definition, enableDefinition.Definition)
	reg.Own(enableMarker)
}

// method is one +genclient:method.
type method = markers.GenClientMethodSpec

// splitType splits input= and result= values into package and name; the
// package is "" when the type is in the type's own package.
func splitType(ref string) (pkg, name string) {
	i := strings.LastIndexByte(ref, '.')
	if i < 0 {
		return "", ref
	}
	return ref[:i], ref[i+1:]
}

// tags is what a type's markers ask of its client.
type tags struct {
	genclient     bool
	nonNamespaced bool
	noVerbs       bool
	noStatus      bool
	skip          []string // verbs the client lacks
	methods       []method
	resourceName  string
	pos           token.Position // of +genclient
	verbsPos      token.Position // of the marker that narrows the verbs, else pos
}

// readTags collects a type's client markers. Which verbs remain is worked
// out as lister-gen and informer-gen work it out.
func readTags(s markers.Set) tags {
	g := genclient.Read(s)
	t := tags{
		genclient:     g.Generate,
		nonNamespaced: g.NonNamespaced,
		noVerbs:       g.NoVerbs,
		noStatus:      g.NoStatus,
		skip:          g.SkipVerbs,
		methods:       g.Methods,
		pos:           g.Pos,
		verbsPos:      g.Pos,
	}
	for _, d := range []markers.Def[[]string]{markers.GenClientSkipVerbs, markers.GenClientOnlyVerbs} {
		if _, m, ok := d.Lookup(s); ok {
			t.verbsPos = m.Pos
		}
	}
	t.resourceName, _ = markers.ResourceName.Get(s)
	return t
}

// has reports whether the client has the verb.
func (t tags) has(verb string) bool { return !slices.Contains(t.skip, verb) }
