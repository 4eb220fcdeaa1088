// Package crd generates CustomResourceDefinitions from Go types, as the
// crd generator of controller-gen (sigs.k8s.io/controller-tools) does.
package crd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1api "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/internal/parallel"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Version is the controller-gen release whose output is reproduced.
const Version = "v0.23.0"

var noPos token.Position

// Generator is controller-gen's crd generator.
type Generator struct {
	OutputDir              string // where the CRD files are written
	AllowDangerousTypes    bool
	MaxDescLen             *int
	CRDVersions            []string
	GenerateEmbeddedMeta   bool
	IgnoreUnexportedFields bool
	Header                 string // text before each file, YEAR already replaced
	OmitToolVersion        bool
}

func (*Generator) Name() string { return "controller-gen crd" }

// Define declares the kubebuilder: markers and claims that name space.
func (*Generator) Define(reg *markers.Registry) {
	reg.Define(definitions()...)
	reg.Define(elsewhere...)
	reg.Own("kubebuilder:")
}

// elsewhere accepts the package-level markers of the rbac and webhook
// generators where controller-gen ignores them, so that they are no error.
var elsewhere = []*markers.Definition{
	ignored("kubebuilder:rbac", "ignored here: RBAC rules belong to the package"),
	ignored("kubebuilder:webhook", "ignored here: webhooks belong to the package"),
	ignored("kubebuilder:webhookconfiguration", "ignored here: webhook configurations belong to the package"),
}

// ignored declares a package marker where controller-gen passes over it.
func ignored(name, help string) *markers.Definition {
	return markers.Typed[string](&markers.Definition{Name: name, Place: markers.Type | markers.Func | markers.Field, Args: true, Repeatable: true, Value: markers.Text{}, Help: help}).Definition
}

func privateRegistry() *markers.Registry {
	reg := &markers.Registry{}
	reg.Define(definitions()...)
	reg.Define(shared...)
	reg.Define(k8sMarkers...)
	return reg
}

// Generate writes one file per kind of the packages' API groups.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	out := engine.Output{Roots: []string{g.OutputDir}, NoPrune: true}
	p, roots, usesMeta := newParser(m, diags, g.AllowDangerousTypes, g.GenerateEmbeddedMeta)
	if !usesMeta {
		return out
	}
	var crds []*apiext.CustomResourceDefinition
	var sites []map[string]kindSite
	for _, gk := range kinds(roots) {
		if crd, s := g.build(p, roots, gk); crd != nil {
			crds, sites = append(crds, crd), append(sites, s)
		}
	}
	var rendered [][]byte
	var sizes []sizeOf
	done := make(chan struct{})
	go func() {
		rendered, sizes = renderAll(crds, g.Header, diags)
		close(done)
	}()
	p.validateAll(p.checks)
	<-done
	for i, data := range rendered {
		if data == nil {
			continue
		}
		g.checkSize(p, crds[i], sites[i], sizes[i])
		name := fmt.Sprintf("%s_%s.yaml", crds[i].Spec.Group, crds[i].Spec.Names.Plural)
		path := filepath.Join(g.OutputDir, name)
		out.Files = append(out.Files, output.File{Path: path, Data: data})
		out.Owned = append(out.Owned, path)
	}
	p.checkDefaults()
	return out
}

// newParser reads the model's packages for a parser. It returns the
// root packages that are API versions (not +kubebuilder:skip), and
// whether any root imports metav1; without that there are no kinds.
func newParser(m *model.Model, diags *diag.List, dangerous, metaProps bool) (*parser, []*pkgInfo, bool) {
	p := &parser{
		coll:   &collector{fset: m.Fset, reg: privateRegistry(), model: m},
		byPath: map[string]*packages.Package{}, infos: map[string]*pkgInfo{},
		schemata: map[ident]*schema{}, flat: map[ident]*schema{},
		diags: diags, dangerous: dangerous, metaProps: metaProps,
		rules: map[string]token.Position{},
	}
	for _, mp := range m.Packages {
		packages.Visit([]*packages.Package{mp.Source}, nil, func(lp *packages.Package) { p.byPath[lp.PkgPath] = lp })
	}
	var roots []*pkgInfo
	usesMeta := false
	for _, mp := range m.Packages {
		pi := p.coll.readOnce(m, mp.Source, diags)
		p.infos[mp.Source.PkgPath] = pi
		usesMeta = usesMeta || mp.Source.Imports[metav1] != nil
		if !skipPackage.Has(pi.marks) {
			roots = append(roots, pi)
		}
	}
	return p, roots, usesMeta
}

// kindSchema is the flattened schema of a kind's type, its descriptions
// cut to maxDescLen when that is given.
func (p *parser) kindSchema(id ident, maxDescLen *int) schema {
	s := p.flatType(id)
	p.mergeAllOf(&s)
	if maxDescLen != nil {
		truncate(&s, *maxDescLen)
	}
	return s
}

// plainMetadata makes a kind's metadata property a bare object, whatever
// generateEmbeddedObjectMeta says.
func plainMetadata(s *schema) {
	if _, ok := s.Properties["metadata"]; ok {
		s.Properties["metadata"] = schema{Type: "object"}
	}
}

type groupKind struct{ group, kind string }

// groupVersion reads +groupName and +versionName.
func groupVersion(pi *pkgInfo) (group, version string) {
	group, ok := groupName.Get(pi.marks)
	if !ok {
		return "", ""
	}
	version = pi.pkg.Name
	if args, ok := versionName.Get(pi.marks); ok {
		version = args[""].(string)
	}
	return group, version
}

// kinds finds the types that embed both metav1.TypeMeta and ObjectMeta.
func kinds(roots []*pkgInfo) []groupKind {
	seen := map[groupKind]bool{}
	for _, pi := range roots {
		group, _ := groupVersion(pi)
		for _, name := range pi.order {
			if isKind(pi, pi.types[name]) {
				seen[groupKind{group, name}] = true
			}
		}
	}
	var out []groupKind
	for gk := range seen {
		out = append(out, gk)
	}
	slices.SortFunc(out, func(a, b groupKind) int {
		return strings.Compare(a.kind+"."+a.group, b.kind+"."+b.group)
	})
	return out
}

func isKind(pi *pkgInfo, ti *typeInfo) bool {
	var typeMeta, objectMeta bool
	for _, f := range ti.fields {
		sel, ok := f.expr.(*ast.SelectorExpr)
		if f.name != "" || !ok {
			continue
		}
		x, _ := sel.X.(*ast.Ident)
		if x == nil || importPath(pi.pkg, ti.file, x.Name) != metav1 {
			continue
		}
		typeMeta = typeMeta || sel.Sel.Name == "TypeMeta"
		objectMeta = objectMeta || sel.Sel.Name == "ObjectMeta"
	}
	return typeMeta && objectMeta
}

// build assembles the CRD of one kind from every version that has it, and
// returns it with the Go type of each version.
func (g *Generator) build(p *parser, roots []*pkgInfo, gk groupKind) (*apiext.CustomResourceDefinition, map[string]kindSite) {
	plural := strings.ToLower(pluralize(gk.kind))
	crd := &apiext.CustomResourceDefinition{
		TypeMeta: metav1api.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		Spec: apiext.CustomResourceDefinitionSpec{
			Group: gk.group,
			Names: apiext.CustomResourceDefinitionNames{Kind: gk.kind, ListKind: gk.kind + "List", Plural: plural, Singular: strings.ToLower(gk.kind)},
			Scope: apiext.NamespaceScoped,
		},
	}
	type use struct {
		pi      *pkgInfo
		ti      *typeInfo
		version string
	}
	var uses []use
	sites := map[string]kindSite{}
	for _, pi := range roots {
		group, version := groupVersion(pi)
		if ti := pi.types[gk.kind]; group == gk.group && ti != nil {
			uses = append(uses, use{pi, ti, version})
			sites[version] = kindSite{pi, ti}
		}
	}
	var pos token.Position
	for _, u := range uses {
		pos = u.ti.pos
		s := p.kindSchema(ident{u.pi.pkg.PkgPath, gk.kind}, g.MaxDescLen)
		crd.Spec.Versions = append(crd.Spec.Versions, apiext.CustomResourceDefinitionVersion{
			Name: u.version, Served: true, Schema: &apiext.CustomResourceValidation{OpenAPIV3Schema: &s},
		})
	}
	for _, u := range uses {
		skipped := skipVersion.Has(u.ti.marks)
		for _, mk := range u.ti.marks {
			if skipped && versionScoped[mk.Def.Name] {
				p.diags.Warnf(mk.Pos, "+%s has no effect: %s is left out of the CRD (+kubebuilder:skipversion); controller-gen applies a type's markers in map order, and stops on this one when it comes after skipversion", mk.Def.Name, u.version)
				continue
			}
			if mk.Def == hubspoke.Webhook.Definition {
				if err := setConversion(crd, mk); err != nil {
					p.errorf(mk.Pos, "%v", err)
				}
				continue
			}
			if err := applyCRD(crd, u.version, mk); err != nil {
				p.errorf(u.ti.pos, "%v", err)
			}
		}
	}
	crd.Name = crd.Spec.Names.Plural + "." + gk.group
	if len(crd.Spec.Versions) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(crd.Spec.Versions, func(a, b apiext.CustomResourceDefinitionVersion) int { return strings.Compare(a.Name, b.Name) })
	if len(crd.Spec.Versions) == 1 {
		crd.Spec.Versions[0].Storage = true
	}
	versionsOK := g.checkVersions(p, crd, gk, pos)
	if !g.OmitToolVersion {
		if crd.Annotations == nil {
			crd.Annotations = map[string]string{}
		}
		crd.Annotations["controller-gen.kubebuilder.io/version"] = Version
	}
	for _, v := range crd.Spec.Versions {
		if v.Schema != nil {
			plainMetadata(v.Schema.OpenAPIV3Schema)
		}
	}
	if versionsOK {
		p.checks = append(p.checks, &toValidate{crd: crd, sites: sites})
	}
	return crd, sites
}

// checkVersions reports a CRD without exactly one storage version, or that
// serves none, and says whether it can be validated: it has a storage
// version and serves one.
func (g *Generator) checkVersions(p *parser, crd *apiext.CustomResourceDefinition, gk groupKind, pos token.Position) bool {
	var storage, served []string
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			storage = append(storage, v.Name)
		}
		if v.Served {
			served = append(served, v.Name)
		}
	}
	switch {
	case len(storage) == 0:
		p.errorf(pos, "CRD for %s.%s has no storage version; mark one version with +kubebuilder:storageversion", gk.kind, gk.group)
	case len(storage) > 1:
		// controller-gen writes it, and projects (external-snapshotter)
		// fix the storage flags in a later step of their own.
		p.diags.Warnf(pos, "CRD for %s.%s has %d storage versions (%s); the API server takes a CRD with one only, so only one may carry +kubebuilder:storageversion", gk.kind, gk.group, len(storage), strings.Join(storage, ", "))
	}
	if len(served) == 0 {
		p.errorf(pos, "CRD for %s.%s does not serve any version", gk.kind, gk.group)
	}
	return len(storage) > 0 && len(served) > 0
}

// renderAll renders the CRDs on as many goroutines as there are CPUs,
// and measures them; a CRD that fails to render is reported and gets nil.
func renderAll(crds []*apiext.CustomResourceDefinition, header string, diags *diag.List) ([][]byte, []sizeOf) {
	out, sizes := make([][]byte, len(crds)), make([]sizeOf, len(crds))
	parallel.Each(len(crds), func(i int) {
		data, size, err := render(crds[i], header)
		if err != nil {
			diags.Errorf(noPos, "%v", err)
		}
		out[i], sizes[i] = data, size
	})
	return out, sizes
}

// render writes a CRD as controller-gen does: header, "---", YAML without
// status and creationTimestamp. It measures the YAML and the JSON that
// kubectl sends for it.
func render(crd *apiext.CustomResourceDefinition, header string) ([]byte, sizeOf, error) {
	j, err := manifestJSON(crd)
	if err != nil {
		return nil, sizeOf{}, err
	}
	// What yaml.Marshal does with the manifest.
	y, err := yaml.JSONToYAML(j)
	if err != nil {
		return nil, sizeOf{}, err
	}
	data := append([]byte(header+"---\n"), y...)
	// kubectl encodes with a json.Encoder, which ends with a newline.
	return data, sizeOf{yaml: len(data), json: len(j) + 1}, nil
}

// manifestJSON is a CRD's manifest as JSON: the CRD without status and
// creationTimestamp.
func manifestJSON(crd *apiext.CustomResourceDefinition) ([]byte, error) {
	j, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, err
	}
	delete(obj, "status")
	if md, ok := obj["metadata"].(map[string]any); ok {
		delete(md, "creationTimestamp")
	}
	return json.Marshal(obj)
}
