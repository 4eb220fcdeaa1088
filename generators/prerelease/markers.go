package prerelease

import (
	"fmt"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

const (
	enableMarker      = "k8s:prerelease-lifecycle-gen"
	replacementMarker = enableMarker + ":replacement"
)

// The names of the shared release markers.
var (
	introducedMarker = markers.Introduced.Name
	deprecatedMarker = markers.Deprecated.Name
	removedMarker    = markers.Removed.Name
)

var (
	enable = markers.PackageSwitch(enableMarker, false,
		"generate APILifecycle* methods for the package's API types (true), or not (false)")
	replacement = markers.Typed[Replacement](&markers.Definition{
		Name:  replacementMarker,
		Place: markers.Type,
		Once:  true,
		Value: ReplacementGrammar{},
		Help:  "the group,version,Kind that replaces this API type, e.g. apps,v1,Deployment",
	})
)

// definitions are prerelease-lifecycle-gen's markers; the releases are
// shared with compat.
var definitions = []*markers.Definition{
	enable.Definition,
	markers.Introduced.Definition,
	markers.Deprecated.Definition,
	markers.Removed.Definition,
	replacement.Definition,
}

// Define declares prerelease-lifecycle-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
}

// Version is a Kubernetes release, major.minor.
type Version = markers.Release

// Replacement is the kind that supersedes a deprecated one.
type Replacement struct{ Group, Version, Kind string }

// ReplacementGrammar accepts "group,version,Kind" with upstream's checks:
// the group (which may be empty, for the core group) is lower case, the
// version is lower case and starts with "v", and the kind is not empty and
// does not start with a lower-case letter. Parse returns a Replacement.
type ReplacementGrammar struct{}

func (ReplacementGrammar) String() string { return "group,version,Kind" }

func (ReplacementGrammar) Parse(raw string) (any, error) {
	parts := strings.Split(raw, ",")
	if len(parts) != 3 || parts[1] == "" || parts[2] == "" {
		return nil, fmt.Errorf("want group,version,Kind such as apps,v1,Deployment")
	}
	r := Replacement{Group: parts[0], Version: parts[1], Kind: parts[2]}
	switch {
	case strings.ToLower(r.Group) != r.Group:
		return nil, fmt.Errorf("the group %q must be lower case", r.Group)
	case !strings.HasPrefix(r.Version, "v") || strings.ToLower(r.Version) != r.Version:
		return nil, fmt.Errorf("the version %q must be lower case and start with \"v\"", r.Version)
	case strings.ToUpper(r.Kind[:1]) != r.Kind[:1]:
		return nil, fmt.Errorf("the kind %q must start with an upper-case letter", r.Kind)
	}
	return r, nil
}
