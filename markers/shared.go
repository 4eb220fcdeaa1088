package markers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Markers that one generator defines and package compat reads as well.
// They live here so that compat need not import the generator.
var (
	// PatchMergeKey and PatchStrategy are openapi-gen's strategic merge
	// patch markers.
	PatchMergeKey = Typed[string](&Definition{
		Name:  "patchMergeKey",
		Place: Field,
		Once:  true,
		Value: JSONName{},
		Help:  "strategic merge patch key (x-kubernetes-patch-merge-key); must equal the field's patchMergeKey struct tag",
	})
	PatchStrategy = Typed[string](&Definition{
		Name:  "patchStrategy",
		Place: Field,
		Once:  true,
		Value: strategies{},
		Help:  "strategic merge patch strategy (x-kubernetes-patch-strategy); must equal the field's patchStrategy struct tag",
	})

	// Enum is openapi-gen's +enum, which matters by being there.
	Enum = Typed[string](&Definition{
		Name:  "enum",
		Place: Type,
		Value: Text{},
		Help:  "a string type whose constants are its only values; properties of this type list them",
	})

	// FeatureGate and K8sFeatureGate are featuregate-gen's gates.
	FeatureGate = Typed[[]string](&Definition{
		Name:       "featureGate",
		Place:      Field | Const,
		Value:      GateList{},
		Repeatable: true,
		Help:       "the feature gates a field needs, all of them enabled, or that gate one value (a constant) of an enum type",
	})
	K8sFeatureGate = Typed[[]string](&Definition{
		Name:       "k8s:featureGate",
		Place:      Field | Const,
		Value:      GateList{},
		Repeatable: true,
		Help:       "the same as +featureGate, as KEP-5975 spells it",
	})

	// Introduced, Deprecated and Removed are prerelease-lifecycle-gen's
	// releases of an API type.
	Introduced = Typed[Release](&Definition{
		Name:  "k8s:prerelease-lifecycle-gen:introduced",
		Place: Type,
		Once:  true,
		Value: ReleaseGrammar{},
		Help:  "the release that introduced this API type, e.g. 1.30; required on every API type of an enabled package",
	})
	Deprecated = Typed[Release](&Definition{
		Name:  "k8s:prerelease-lifecycle-gen:deprecated",
		Place: Type,
		Once:  true,
		Value: ReleaseGrammar{},
		Help:  "the release that deprecates this API type (default: introduced plus three minor releases)",
	})
	Removed = Typed[Release](&Definition{
		Name:  "k8s:prerelease-lifecycle-gen:removed",
		Place: Type,
		Once:  true,
		Value: ReleaseGrammar{},
		Help:  "the release that stops serving this API type (default: deprecated plus three minor releases)",
	})
)

// strategies is a comma-separated list of patch strategies.
type strategies struct{}

var patchStrategies = []string{"merge", "retainKeys", "replace"}

func (strategies) Parse(raw string) (any, error) {
	for _, s := range strings.Split(raw, ",") {
		if _, err := OneOf(patchStrategies).Parse(s); err != nil {
			return nil, fmt.Errorf("%q: %v", s, err)
		}
	}
	return raw, nil
}

func (strategies) String() string { return strings.Join(patchStrategies, "|") + "[,...]" }

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

// Release is a Kubernetes release, major.minor.
type Release struct{ Major, Minor int }

func (v Release) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Plus returns the release n minor versions after v.
func (v Release) Plus(n int) Release { return Release{v.Major, v.Minor + n} }

// Lifecycle is the releases of an API type as prerelease-lifecycle-gen
// works them out. A nil release is one it does not give.
type Lifecycle struct {
	Introduced          Release
	Deprecated, Removed *Release
}

// LifecycleOf reads a type's lifecycle markers; ok is false without
// +k8s:prerelease-lifecycle-gen:introduced. Unmarked, a type is
// deprecated three minor releases after it was introduced and removed
// three after that; in a generally available version (ga) only the
// marked ones are given.
func LifecycleOf(s Set, ga bool) (lc Lifecycle, ok bool) {
	if lc.Introduced, ok = Introduced.Get(s); !ok {
		return lc, false
	}
	dep, explicit := Deprecated.Get(s)
	if !explicit {
		dep = lc.Introduced.Plus(3)
	}
	if !ga || explicit {
		lc.Deprecated = &dep
	}
	rem, explicit := Removed.Get(s)
	if !explicit {
		rem = dep.Plus(3)
	}
	if !ga || explicit {
		lc.Removed = &rem
	}
	return lc, true
}

// ReleaseGrammar accepts the release values prerelease-lifecycle-gen
// accepts: two base-10 integers that fit in 32 bits (a sign is allowed),
// joined by one dot. Upstream reads the value as a comma-separated list
// whose first item is the version and whose other items are key=value
// parameters. It knows no keys, so an item is tolerated only when its key
// (the text before any "=") is empty; "1.30," is therefore accepted as
// 1.30. Parse returns a Release.
type ReleaseGrammar struct{}

func (ReleaseGrammar) String() string { return "major.minor" }

func (ReleaseGrammar) Parse(raw string) (any, error) {
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
	return Release{Major: nums[0], Minor: nums[1]}, nil
}
