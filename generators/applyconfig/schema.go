package applyconfig

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	openapiv2 "github.com/google/gnostic-models/openapiv2"
	yaml "go.yaml.in/yaml/v2"
	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/util"
	utilproto "k8s.io/kube-openapi/pkg/util/proto"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/openapi"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// SchemaSource says where the OpenAPI definitions of the types come from.
// The Extract functions and internal/internal.go need them.
type SchemaSource struct {
	// Document is the --openapi-schema document, as ReadSchema read it.
	Document *spec.Swagger
	// InProcess, when there is no Document, computes the definitions with
	// the openapi generator. Without either, there is no schema: no type
	// gets Extract functions and internal.go embeds an empty schema, as
	// upstream has it without --openapi-schema.
	InProcess bool
}

// ReadSchema reads an OpenAPI v2 document, such as Kubernetes'
// models-schema program writes, as upstream reads --openapi-schema.
func ReadSchema(file string) (*spec.Swagger, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	doc := &spec.Swagger{}
	if err := json.Unmarshal(data, doc); err != nil {
		return nil, fmt.Errorf("%s is not an OpenAPI document: %v", file, err)
	}
	return doc, nil
}

// gvk is a kind of an input package, its group as +groupName gives it.
type gvk struct{ group, version, kind string }

// schemaInfo is what the schema gives the generated code.
type schemaInfo struct {
	yaml    []byte         // the structured-merge-diff schema internal.go embeds
	openAPI map[gvk]string // the schema's names of the types that get Extract functions
}

// schema builds the structured-merge-diff schema of the types that ask
// for a client with apply, and of everything their definitions refer to.
// The definitions go through the same conversions as upstream's: JSON,
// gnostic's document, kube-openapi's proto models, then schemaconv and
// YAML, which fix the names, order and defaults of the result.
func (g *Generator) schema(m *model.Model, inputs []*input, diags *diag.List) *schemaInfo {
	info := &schemaInfo{openAPI: map[gvk]string{}}
	doc, sound := g.Schema.Document, true
	switch {
	case doc != nil:
		doc = shallowCopy(doc)
	case g.Schema.InProcess:
		// With problems in the inputs' OpenAPI markers, the schema is not
		// made, but what else is wrong with it is still reported.
		doc, sound = g.inProcess(m, diags)
	default:
		info.yaml = toYAML(&utilproto.Definitions{}, diags)
		return info
	}
	roots := map[string]spec.Schema{}
	rootPos := map[string]token.Position{}
	for _, in := range inputs {
		var ts []*types.Type
		for _, t := range in.types {
			if tags := in.tags[t]; tags.Generate && hasApply(tags) {
				ts = append(ts, t)
			}
		}
		if g.Schema.Document == nil && !g.defined(doc, in, ts, diags) {
			continue
		}
		for _, t := range ts {
			name := util.ToRESTFriendlyName(t.Name.String())
			roots[name] = doc.Definitions[name]
			info.openAPI[gvk{in.group, in.version, t.Name.Name}] = name
			rootPos[name] = in.tags[t].Pos
		}
	}
	// Collecting from the roots in order of name reports a missing
	// definition at the first root that needs it.
	required := map[string]spec.Schema{}
	reported := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(roots)) {
		def := roots[name]
		required[name] = def
		var found, missing []string
		collect(&def, doc.Definitions, required, &found)
		for _, n := range found {
			if !reported[n] {
				reported[n] = true
				missing = append(missing, n)
			}
		}
		if len(missing) == 0 {
			continue
		}
		slices.Sort(missing)
		hint := ""
		if g.Schema.Document == nil {
			hint = ": its package must be marked +k8s:openapi-gen=true, and imported by an input package"
		}
		diags.Errorf(rootPos[name], "the OpenAPI schema has no definition of %s, which %s refers to%s",
			strings.Join(slices.Compact(missing), ", "), name, hint)
	}
	if len(reported) > 0 || !sound {
		return info
	}
	doc.Definitions = required
	data, err := json.Marshal(doc)
	if err != nil {
		diags.Errorf(token.Position{}, "writing the OpenAPI schema as JSON: %v", err)
		return info
	}
	document, err := openapiv2.ParseDocument(data)
	if err != nil {
		diags.Errorf(token.Position{}, "reading the OpenAPI schema: %v", err)
		return info
	}
	models, err := utilproto.NewOpenAPIData(document)
	if err != nil {
		diags.Errorf(token.Position{}, "the OpenAPI schema does not make models: %v", err)
		return info
	}
	info.yaml = toYAML(models, diags)
	return info
}

// defined reports whether the in-process definitions cover the types of
// in that ask for apply, under the names their Extract functions look up.
// Types that openapi-gen does not cover could not have had a schema
// upstream either: a package none of whose types has a definition is
// generated as upstream does without a schema, with no Extract functions.
// Anything between is a mistake, reported at the types.
func (g *Generator) defined(doc *spec.Swagger, in *input, ts []*types.Type, diags *diag.List) bool {
	var undefined []*types.Type
	for _, t := range ts {
		if _, ok := doc.Definitions[util.ToRESTFriendlyName(t.Name.String())]; !ok {
			undefined = append(undefined, t)
		}
	}
	goNamed := func(t *types.Type) bool { _, ok := doc.Definitions[t.Name.String()]; return ok }
	switch {
	case len(undefined) == 0:
		return true
	case len(undefined) == len(ts) && !slices.ContainsFunc(undefined, goNamed):
		return false
	}
	for _, t := range undefined {
		pos, name := in.tags[t].Pos, util.ToRESTFriendlyName(t.Name.String())
		if goNamed(t) {
			diags.Errorf(pos, "%s asks for apply, and its Extract functions look up its schema as %s, but its OpenAPI definition is named %s: "+
				"mark its package +k8s:openapi-model-package=%s", t.Name.Name, name, t.Name.String(), strings.TrimSuffix(name, "."+t.Name.Name))
			continue
		}
		diags.Errorf(pos, "%s asks for apply, but has no OpenAPI definition for the schema of its Extract functions: "+
			"mark it or its package +k8s:openapi-gen=true (or pass --schema-from-types=false for no Extract functions)", t.Name.Name)
	}
	return false
}

func shallowCopy(doc *spec.Swagger) *spec.Swagger {
	c := *doc
	return &c
}

func toYAML(models utilproto.Models, diags *diag.List) []byte {
	s, err := schemaconv.ToSchema(models)
	if err != nil {
		diags.Errorf(token.Position{}, "converting the OpenAPI schema for server-side apply: %v", err)
		return nil
	}
	out, err := yaml.Marshal(s)
	if err != nil {
		diags.Errorf(token.Position{}, "writing the schema as YAML: %v", err)
	}
	return out
}

const definitionsPrefix = "/definitions/"

// collect adds to out every definition def refers to, directly or not,
// and records the names all lacks.
func collect(def *spec.Schema, all, out map[string]spec.Schema, missing *[]string) {
	if p := def.Ref.GetPointer(); p != nil && !p.IsEmpty() {
		if name, ok := strings.CutPrefix(p.String(), definitionsPrefix); ok {
			if _, done := out[name]; !done {
				s, found := all[name]
				if !found {
					*missing = append(*missing, name)
				} else {
					out[name] = s
					collect(&s, all, out, missing)
				}
			}
		}
	}
	each := func(s *spec.Schema) {
		if s != nil {
			collect(s, all, out, missing)
		}
	}
	if def.Items != nil {
		each(def.Items.Schema)
		for i := range def.Items.Schemas {
			each(&def.Items.Schemas[i])
		}
	}
	for _, list := range [][]spec.Schema{def.AllOf, def.AnyOf, def.OneOf} {
		for i := range list {
			each(&list[i])
		}
	}
	each(def.Not)
	for _, s := range def.Properties {
		each(&s)
	}
	if def.AdditionalProperties != nil {
		each(def.AdditionalProperties.Schema)
	}
	for _, s := range def.PatternProperties {
		each(&s)
	}
	for _, d := range def.Dependencies {
		each(d.Schema)
	}
	if def.AdditionalItems != nil {
		each(def.AdditionalItems.Schema)
	}
	for _, s := range def.Definitions {
		each(&s)
	}
}

// Packages whose types API types commonly refer to: their definitions are
// computed with the inputs'.
var apimachinery = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/util/intstr",
}

// Needs asks the load to read, besides the inputs, the packages whose
// definitions the in-process schema may need: apimachinery's, those of the
// external apply configurations, and every package an input imports.
func (g *Generator) Needs(map[string]markers.Set) []load.Extra {
	if g.Schema.Document != nil || !g.Schema.InProcess {
		return nil
	}
	want := g.fixedExtra()
	pkgs, err := load.List(load.Config{Dir: g.Dir, Patterns: g.Patterns})
	if err == nil {
		fset := token.NewFileSet()
		for _, p := range pkgs {
			for _, file := range p.GoFiles {
				f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly|parser.SkipObjectResolution)
				if err != nil {
					continue
				}
				for _, imp := range f.Imports {
					if path := strings.Trim(imp.Path.Value, `"`); !std(path) {
						want = append(want, path)
					}
				}
			}
		}
	}
	slices.Sort(want)
	var out []load.Extra
	for _, p := range slices.Compact(want) {
		out = append(out, load.Extra{Path: p, Why: "the OpenAPI schema of applyconfiguration-gen's Extract functions", Optional: true})
	}
	return out
}

func (g *Generator) fixedExtra() []string {
	want := slices.Clone(apimachinery)
	for n := range g.External {
		want = append(want, n.Package)
	}
	return want
}

func std(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// Document returns the OpenAPI document the in-process schema is made
// from: every definition of the inputs and of the packages Needs asked for,
// as Kubernetes' models-schema program would write it, less descriptions.
// Written to a file, it is what --openapi-schema takes, here or upstream.
// m must be a model loaded for g (engine.Open with g).
func (g *Generator) Document(m *model.Model, diags *diag.List) *spec.Swagger {
	doc, _ := g.inProcess(m, diags)
	return doc
}

// inProcess computes the OpenAPI definitions of the inputs and of the
// packages Needs asked for, as openapi-gen would generate them with all
// those packages as its inputs, and returns them as the document that
// Kubernetes' models-schema program would write from that code, less the
// descriptions, which the conversion does not read. ok is false when the
// inputs' OpenAPI markers have problems, which it reports.
func (g *Generator) inProcess(m *model.Model, diags *diag.List) (doc *spec.Swagger, ok bool) {
	view := *m
	view.Packages = slices.Clone(m.Packages)
	targetDirs := map[string]bool{}
	extra := g.fixedExtra()
	for _, p := range m.Packages {
		targetDirs[p.Dir] = true
		if p.Source != nil {
			for imp := range p.Source.Imports {
				extra = append(extra, imp)
			}
		}
	}
	slices.Sort(extra)
	for _, path := range slices.Compact(extra) {
		if p := m.Package(path); p != nil && !slices.Contains(view.Packages, p) {
			view.Packages = append(view.Packages, p)
		}
	}
	var found diag.List
	defs := openapi.Schemas(&view, &found)
	// Problems in the inputs' OpenAPI markers are this run's; those of
	// the packages read for their definitions are not.
	ok = true
	for _, d := range found.Sorted() {
		if targetDirs[filepath.Dir(d.Pos.Filename)] {
			diags.Add(d)
			ok = ok && d.Severity == diag.Warning
		}
	}
	doc = &spec.Swagger{SwaggerProps: spec.SwaggerProps{
		Swagger:     "2.0",
		Info:        &spec.Info{InfoProps: spec.InfoProps{Title: "Kubernetes", Version: "unversioned"}},
		Definitions: map[string]spec.Schema{},
	}}
	for name, d := range defs {
		if d.Listed {
			doc.Definitions[name] = forSMD(d.Schema)
		}
	}
	return doc, ok
}

// forSMD returns a copy of s as the schema conversion needs it: references
// as "#/definitions/" and the plain name, which is how models-schema
// writes them, and no descriptions, which it does not read.
func forSMD(s spec.Schema) spec.Schema {
	s.Description = ""
	if p := s.Ref.GetPointer(); p != nil && !p.IsEmpty() {
		if ptr := p.String(); strings.HasPrefix(ptr, definitionsPrefix) {
			s.Ref = spec.MustCreateRef("#" + definitionsPrefix + openapi.RefName("#"+ptr))
		}
	}
	one := func(x *spec.Schema) *spec.Schema {
		if x == nil {
			return nil
		}
		c := forSMD(*x)
		return &c
	}
	list := func(xs []spec.Schema) []spec.Schema {
		if xs == nil {
			return nil
		}
		out := make([]spec.Schema, len(xs))
		for i, x := range xs {
			out[i] = forSMD(x)
		}
		return out
	}
	dict := func(xs map[string]spec.Schema) map[string]spec.Schema {
		if xs == nil {
			return nil
		}
		out := make(map[string]spec.Schema, len(xs))
		for k, x := range xs {
			out[k] = forSMD(x)
		}
		return out
	}
	if s.Items != nil {
		items := *s.Items
		items.Schema, items.Schemas = one(items.Schema), list(items.Schemas)
		s.Items = &items
	}
	s.AllOf, s.AnyOf, s.OneOf, s.Not = list(s.AllOf), list(s.AnyOf), list(s.OneOf), one(s.Not)
	s.Properties, s.PatternProperties, s.Definitions = dict(s.Properties), dict(s.PatternProperties), dict(s.Definitions)
	if s.AdditionalProperties != nil {
		ap := *s.AdditionalProperties
		ap.Schema = one(ap.Schema)
		s.AdditionalProperties = &ap
	}
	if s.AdditionalItems != nil {
		ai := *s.AdditionalItems
		ai.Schema = one(ai.Schema)
		s.AdditionalItems = &ai
	}
	if s.Dependencies != nil {
		deps := make(spec.Dependencies, len(s.Dependencies))
		for k, d := range s.Dependencies {
			d.Schema = one(d.Schema)
			deps[k] = d
		}
		s.Dependencies = deps
	}
	return s
}
