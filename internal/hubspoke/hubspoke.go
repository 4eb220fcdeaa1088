// Package hubspoke finds the API groups whose versions convert through one
// hub version, and reads the markers that name hubs and conversion
// webhooks. The conversion, crd and crdconversion generators share it.
package hubspoke

import (
	"cmp"
	"fmt"
	"go/token"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Namespace is the name space of the markers below.
const Namespace = "apigen:conversion"

// The markers of hub-and-spoke conversion.
var (
	Hub = markers.KubebuilderArgs(Namespace+":hub", markers.Package,
		"this version is the hub the group's other versions convert through (default: the +kubebuilder:storageversion version); conversion-gen then leaves the hub's fields a spoke lacks to the kept-fields annotation instead of asking for hand-written functions")
	Webhook = markers.KubebuilderArgs(Namespace+":webhook", markers.Type,
		"on the hub's root kind: the CRD converts through a webhook at url=, or at serviceNamespace=, serviceName=, path=, port=; reviewVersions= lists the ConversionReview versions it takes (default v1)",
		markers.Named("url", markers.ArgString, true),
		markers.Named("serviceNamespace", markers.ArgString, true), markers.Named("serviceName", markers.ArgString, true),
		markers.Named("path", markers.ArgString, true), markers.Arg{Name: "port", Kind: markers.ArgInt, Optional: true, Pointer: true},
		markers.Named("reviewVersions", markers.ArgStrings, true))
)

// Define declares the markers this package reads.
func Define(reg *markers.Registry) {
	reg.Define(Hub.Definition, Webhook.Definition, markers.ObjectRoot.Definition, markers.StorageVersion.Definition, markers.GroupName.Definition)
}

// IsHub reports whether p is marked +apigen:conversion:hub.
func IsHub(p *model.Package) bool { return p != nil && Hub.Has(p.Markers) }

// Group is an API group with several versions among a run's packages, all
// converting through its hub.
type Group struct {
	Name   string
	Hub    *model.Package
	Spokes []*model.Package // by import path
	Kinds  []*Kind          // the hub's root kinds, by name
}

// Kind is one root kind of a group: its type in the hub and in each spoke.
type Kind struct {
	Name    string
	Hub     *types.Type
	Spokes  []*types.Type // parallel to Group.Spokes; nil where a spoke lacks the kind
	Webhook *WebhookConfig
}

// Version returns the version name of a package of a group: the last
// element of its import path.
func Version(p *model.Package) string { return path.Base(p.Path) }

// Groups are the run's hub-and-spoke groups. A group with several versions
// and no hub, or two, is an error.
var Groups = &engine.Result[[]*Group]{Name: "hubspoke.groups", Compute: findGroups}

// GroupName returns the +groupName of p, from doc.go or, in kubebuilder's
// layout, from groupversion_info.go.
func GroupName(p *model.Package) (string, bool) {
	if name, ok := markers.GroupName.Get(p.Markers); ok {
		return name, true
	}
	return p.Tag(markers.GroupName.Name + "=")
}

func findGroups(m *model.Model, diags *diag.List) []*Group {
	byName := map[string][]*model.Package{}
	for _, p := range m.Packages {
		name, ok := GroupName(p)
		if ok && len(rootKinds(m, p)) > 0 {
			byName[name] = append(byName[name], p)
		}
	}
	var out []*Group
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		pkgs := byName[name]
		if len(pkgs) < 2 {
			continue
		}
		slices.SortFunc(pkgs, func(a, b *model.Package) int { return cmp.Compare(a.Path, b.Path) })
		if g := newGroup(m, name, pkgs, diags); g != nil {
			out = append(out, g)
		}
	}
	return out
}

// newGroup picks the hub of the group's versions, pairs their kinds and
// reads the webhook markers.
func newGroup(m *model.Model, name string, pkgs []*model.Package, diags *diag.List) *Group {
	hub := pickHub(m, name, pkgs, diags)
	if hub == nil {
		return nil
	}
	g := &Group{Name: name, Hub: hub}
	for _, p := range pkgs {
		if p != hub {
			g.Spokes = append(g.Spokes, p)
			checkSpoke(m, p, hub, diags)
		}
	}
	for _, t := range rootKinds(m, hub) {
		k := &Kind{Name: t.Name.Name, Hub: t}
		for _, s := range g.Spokes {
			st := s.Types[t.Name.Name]
			if st != nil && !(m.Declared(st) && IsRootKind(m, st)) {
				st = nil // a type of the same name that is no kind there
			}
			k.Spokes = append(k.Spokes, st)
		}
		k.Webhook = readWebhook(m.Markers(t), diags)
		g.Kinds = append(g.Kinds, k)
	}
	checkWebhookPlaces(m, g, diags)
	return g
}

// pickHub returns the version marked +apigen:conversion:hub or, without
// one, the version whose kinds are stored.
func pickHub(m *model.Model, group string, pkgs []*model.Package, diags *diag.List) *model.Package {
	var named []*model.Package
	var at []string
	for _, p := range pkgs {
		if _, mk, ok := Hub.Lookup(p.Markers); ok {
			named = append(named, p)
			at = append(at, shortPos(mk.Pos))
		}
	}
	how := "+" + Hub.Name
	if len(named) == 0 {
		how = "+" + markers.StorageVersion.Name
		for _, p := range pkgs {
			for _, t := range rootKinds(m, p) {
				if _, mk, ok := markers.StorageVersion.Lookup(m.Markers(t)); ok {
					named = append(named, p)
					at = append(at, shortPos(mk.Pos))
					break
				}
			}
		}
	}
	switch len(named) {
	case 1:
		return named[0]
	case 0:
		diags.Errorf(docPos(m, pkgs[0]), "group %s has versions %s but no hub: mark one version's doc.go +%s, or its kinds +%s",
			group, versions(pkgs), Hub.Name, markers.StorageVersion.Name)
	default:
		diags.Errorf(docPos(m, named[1]), "group %s has %d hubs (%s), named by %s at %s; one version must be the hub",
			group, len(named), versions(named), how, strings.Join(at, ", "))
	}
	return nil
}

// checkSpoke reports a spoke that does not ask conversion-gen for
// conversions to and from the hub, and a root kind of it the hub lacks.
func checkSpoke(m *model.Model, spoke, hub *model.Package, diags *diag.List) {
	if !spoke.Tagged("k8s:conversion-gen=" + hub.Path) {
		diags.Errorf(docPos(m, spoke), "version %s converts through hub %s, but conversion-gen is not asked for those conversions: add +k8s:conversion-gen=%s to %s's doc.go",
			Version(spoke), Version(hub), hub.Path, spoke.Path)
	}
	for _, t := range rootKinds(m, spoke) {
		if hub.Types[t.Name.Name] == nil {
			diags.Errorf(m.Position(t), "kind %s of version %s has no counterpart in hub %s, so it cannot be converted", t.Name.Name, Version(spoke), Version(hub))
		}
	}
}

// rootKinds returns p's root kinds (+kubebuilder:object:root types with
// ObjectMeta, not lists), by name.
func rootKinds(m *model.Model, p *model.Package) []*types.Type {
	var out []*types.Type
	for _, t := range p.Types {
		if m.Declared(t) && IsRootKind(m, t) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return cmp.Compare(a.Name.Name, b.Name.Name) })
	return out
}

// IsRootKind reports whether t is a root kind: +kubebuilder:object:root and
// embedding ObjectMeta.
func IsRootKind(m *model.Model, t *types.Type) bool {
	if !markers.IsObjectRoot(m.Markers(t)) {
		return false
	}
	return slices.ContainsFunc(t.Members, func(mb types.Member) bool { return mb.Embedded && mb.Name == "ObjectMeta" })
}

func versions(pkgs []*model.Package) string {
	var out []string
	for _, p := range pkgs {
		out = append(out, Version(p))
	}
	return strings.Join(out, ", ")
}

// docPos is where p's package markers are: its first doc marker, or its
// directory.
func docPos(m *model.Model, p *model.Package) token.Position {
	for _, mk := range p.Markers {
		return mk.Pos
	}
	return token.Position{Filename: p.Dir}
}

// shortPos spells a position in a message as its file's base name and line:
// the message names the versions, so the base name is enough.
func shortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
