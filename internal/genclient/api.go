package genclient

import (
	"go/token"
	"iter"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Tags is what the +genclient markers of one type ask for.
type Tags struct {
	Generate      bool // +genclient
	NonNamespaced bool
	NoVerbs       bool
	NoStatus      bool
	SkipVerbs     []string // the verbs left out; none means every verb
	Methods       []MethodSpec
	Pos           token.Position // of +genclient
}

// HasVerb reports whether the client of the type has verb.
func (t Tags) HasVerb(verb string) bool {
	return !slices.Contains(t.SkipVerbs, verb)
}

// Read interprets the markers of one type. +genclient:onlyVerbs and
// +genclient:readonly decide the verbs together, and override
// +genclient:skipVerbs.
func Read(s markers.Set) Tags {
	var t Tags
	if _, m, ok := Generate.Lookup(s); ok {
		t.Generate, t.Pos = true, m.Pos
	}
	t.NonNamespaced = NonNamespaced.Has(s)
	t.NoVerbs = NoVerbs.Has(s)
	t.NoStatus = NoStatus.Has(s)
	if skip, ok := SkipVerbs.Get(s); ok {
		t.SkipVerbs = skip
	}
	ro := ReadOnly.Has(s)
	only, hasOnly := OnlyVerbs.Get(s)
	if ro || hasOnly {
		var keep []string
		if ro {
			keep = append(keep, readonlyVerbs...)
		}
		if hasOnly {
			keep = append(keep, only...)
		}
		t.SkipVerbs = []string{}
		for _, v := range Verbs {
			if !slices.Contains(keep, v) {
				t.SkipVerbs = append(t.SkipVerbs, v)
			}
		}
	}
	t.Methods = append(t.Methods, Method.All(s)...)
	return t
}

// API is an input package that has types asking for clients.
type API struct {
	Pkg      *model.Package
	Internal bool   // its types are internal (hub) types: ObjectMeta has no json tag
	Group    string // the parent directory's name, or for internal packages the package's own
	Version  string // the directory's name; "" for internal packages
	Types    []*types.Type
	Tags     map[*types.Type]Tags
}

// Inspect returns what p offers clients, or nil when none of its types has
// +genclient. Like upstream, the first client type (by name here, where
// upstream takes Go map order) with an ObjectMeta field decides whether
// the package is internal.
func Inspect(m *model.Model, p *model.Package, diags *diag.List) *API {
	api := &API{Pkg: p, Tags: map[*types.Type]Tags{}}
	var first *types.Type
	decided := false
	for _, t := range SortedTypes(m, p) {
		tags := Read(m.Markers(t))
		if !tags.Generate {
			continue
		}
		api.Types = append(api.Types, t)
		api.Tags[t] = tags
		if first == nil {
			first = t
		}
		if decided {
			continue
		}
		if i := slices.IndexFunc(t.Members, func(mb types.Member) bool { return mb.Name == "ObjectMeta" }); i >= 0 {
			api.Internal = !strings.Contains(t.Members[i].Tags, "json")
			decided = true
		}
	}
	if first == nil {
		return nil
	}
	if !decided {
		diags.Errorf(api.Tags[first].Pos, "type %s asks for a client, but no type with +genclient in package %s has an ObjectMeta field", first.Name.Name, p.Path)
		return nil
	}
	elems := strings.Split(p.Path, "/")
	switch {
	case api.Internal && len(elems) < 2:
		diags.Errorf(api.Tags[first].Pos, "cannot tell the API group of internal package %s: its import path must end in /<group>", p.Path)
		return nil
	case api.Internal:
		api.Group = elems[len(elems)-1]
	case len(elems) < 2:
		diags.Errorf(api.Tags[first].Pos, "cannot tell the API group and version of package %s: its import path must end in <group>/<version>", p.Path)
		return nil
	default:
		api.Group, api.Version = elems[len(elems)-2], elems[len(elems)-1]
	}
	return api
}

// SortedTypes returns the types declared in p in the order upstream
// processes them: by their private (lower-camel) names.
func SortedTypes(m *model.Model, p *model.Package) []*types.Type {
	var ts []*types.Type
	for _, t := range p.Types {
		if m.Declared(t) {
			ts = append(ts, t)
		}
	}
	o := namer.Orderer{Namer: namer.NewPrivateNamer(0)}
	ts = o.OrderTypes(ts)
	// The private names of Foo and foo are the same: break ties by name.
	slices.SortStableFunc(ts, func(a, b *types.Type) int {
		return strings.Compare(namer.IL(a.Name.Name), namer.IL(b.Name.Name))
	})
	return ts
}

// Enabled reports whether a package's switches, which may repeat, leave
// generation on. Mixing "false" with other values is an error, as upstream
// has it.
func (s Switch) Enabled(p *model.Package, diags *diag.List) bool {
	all := s.All(p.Markers)
	off := 0
	for _, v := range all {
		if !v {
			off++
		}
	}
	if off > 0 && off < len(all) {
		_, first, _ := s.Lookup(p.Markers)
		diags.Errorf(first.Pos, "+%s is given both as false and as something else", s.Name)
		return false
	}
	return off == 0
}

// GroupName returns the value of the package's +groupName marker.
func GroupName(p *model.Package) (string, bool) {
	return markers.GroupName.Get(p.Markers)
}

// GroupGoName returns the value of the package's +groupGoName marker.
func GroupGoName(p *model.Package) (string, bool) {
	return GroupGoNameMarker.Get(p.Markers)
}

// GoName is the Go name of group, the API group of package p, in
// clientsets and informer factories: p's +groupGoName, or else the first
// part of the group's name.
func GoName(p *model.Package, group string) string {
	if name, ok := GroupGoName(p); ok {
		return namer.IC(name)
	}
	return namer.IC(strings.Split(NonEmptyGroup(group), ".")[0])
}

// Packages yields the model's packages that the switch leaves on, in
// import path order.
func (s Switch) Packages(m *model.Model, diags *diag.List) iter.Seq[*model.Package] {
	return func(yield func(*model.Package) bool) {
		for _, p := range SortedPackages(m) {
			if s.Enabled(p, diags) && !yield(p) {
				return
			}
		}
	}
}

// SortedPackages returns the model's packages in import path order.
func SortedPackages(m *model.Model) []*model.Package {
	return slices.SortedFunc(slices.Values(m.Packages), func(a, b *model.Package) int { return strings.Compare(a.Path, b.Path) })
}

// ResourceOverride returns the value of a type's +resourceName marker.
func ResourceOverride(m *model.Model, t *types.Type) (string, bool) {
	return ResourceNameMarker.Get(m.Markers(t))
}

// NonEmptyGroup is the group's name, or "core" for the legacy group "".
func NonEmptyGroup(g string) string {
	if g == "" {
		return "core"
	}
	return g
}

// NonEmptyVersion is the version's name, or "internalVersion" for the
// internal version "".
func NonEmptyVersion(v string) string {
	if v == "" {
		return "internalVersion"
	}
	return v
}
