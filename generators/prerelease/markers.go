package prerelease

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

const (
	enableMarker      = "k8s:prerelease-lifecycle-gen"
	introducedMarker  = enableMarker + ":introduced"
	deprecatedMarker  = enableMarker + ":deprecated"
	removedMarker     = enableMarker + ":removed"
	replacementMarker = enableMarker + ":replacement"
)

var definitions = []*markers.Definition{
	{
		Name:  enableMarker,
		Place: markers.Package,
		Value: markers.Switch{},
		Help:  "generate APILifecycle* methods for the package's API types (true), or not (false)",
	},
	{
		Name:  introducedMarker,
		Place: markers.Type,
		Once:  true,
		Value: VersionGrammar{},
		Help:  "the release that introduced this API type, e.g. 1.30; required on every API type of an enabled package",
	},
	{
		Name:  deprecatedMarker,
		Place: markers.Type,
		Once:  true,
		Value: VersionGrammar{},
		Help:  "the release that deprecates this API type (default: introduced plus three minor releases)",
	},
	{
		Name:  removedMarker,
		Place: markers.Type,
		Once:  true,
		Value: VersionGrammar{},
		Help:  "the release that stops serving this API type (default: deprecated plus three minor releases)",
	},
	{
		Name:  replacementMarker,
		Place: markers.Type,
		Once:  true,
		Value: ReplacementGrammar{},
		Help:  "the group,version,Kind that replaces this API type, e.g. apps,v1,Deployment",
	},
}

// Define declares prerelease-lifecycle-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
}

// Version is a Kubernetes release, major.minor.
type Version struct{ Major, Minor int }

func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// plus returns the release n minor versions after v.
func (v Version) plus(n int) Version { return Version{v.Major, v.Minor + n} }

// VersionGrammar accepts the release values upstream accepts: two base-10
// integers that fit in 32 bits (a sign is allowed), joined by one dot.
// Upstream reads the value as a comma-separated list whose first item is
// the version and whose other items are key=value parameters. It knows no
// keys, so an item is tolerated only when its key (the text before any
// "=") is empty; "1.30," is therefore accepted as 1.30. Parse returns a
// Version.
type VersionGrammar struct{}

func (VersionGrammar) String() string { return "major.minor" }

func (VersionGrammar) Parse(raw string) (any, error) {
	text, params, hasParams := strings.Cut(raw, ",")
	if hasParams {
		for _, p := range strings.Split(params, ",") {
			if key, _, _ := strings.Cut(p, "="); key != "" {
				return nil, fmt.Errorf("unsupported parameter %q: the value is a release such as 1.30", p)
			}
		}
	}
	if text == "" {
		return nil, fmt.Errorf("a release such as 1.30 is required")
	}
	parts := strings.Split(text, ".")
	if len(parts) != 2 || parts[0] == "" || parts[1] == "" {
		return nil, fmt.Errorf("%q is not a release of the form major.minor, such as 1.30", text)
	}
	var nums [2]int
	for i, s := range parts {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not a release of the form major.minor, such as 1.30: %q is not a 32-bit decimal integer", text, s)
		}
		nums[i] = int(n)
	}
	return Version{Major: nums[0], Minor: nums[1]}, nil
}

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
