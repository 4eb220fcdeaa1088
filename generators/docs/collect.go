package docs

import (
	"cmp"
	"fmt"
	"go/token"
	"path"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// collector builds the site from the model.
type collector struct {
	m       *model.Model
	diags   *diag.List
	site    *site
	schemas *schemas
	shared  map[string]*page // pages of packages without a group, by import path
	apiPkgs map[string]bool  // the packages of group/version pages
	queue   []*docType       // types whose details are still to read
}

func collect(m *model.Model, diags *diag.List) *site {
	c := &collector{m: m, diags: diags, site: &site{byType: map[*types.Type]*docType{}, kube: kubeRelease(m), universe: m.Universe},
		schemas: newSchemas(m), shared: map[string]*page{}, apiPkgs: map[string]bool{}}
	for _, p := range m.Packages {
		group, ok := groupOf(p)
		if !ok || !p.IsVersion() {
			continue
		}
		pg := c.newPage(p, group, p.Name)
		c.apiPkgs[p.Path] = true
		for _, t := range documented(m, p) {
			c.addType(pg, t)
		}
	}
	for len(c.queue) > 0 {
		dt := c.queue[0]
		c.queue = c.queue[1:]
		c.readType(dt)
	}
	for _, pg := range c.site.pages {
		slices.SortStableFunc(pg.types, func(a, b *docType) int {
			if a.kind != b.kind {
				if a.kind {
					return -1
				}
				return 1
			}
			return cmp.Compare(a.name, b.name)
		})
	}
	slices.SortFunc(c.site.pages, func(a, b *page) int { return cmp.Compare(a.file, b.file) })
	return c.site
}

// groupOf returns a package's API group: its +groupName, or the GroupName
// constant k8s.io/api's register.go files declare.
func groupOf(p *model.Package) (string, bool) {
	if name, ok := hubspoke.GroupName(p); ok {
		return name, true
	}
	if c := p.Constants["GroupName"]; c != nil && c.ConstValue != nil {
		return *c.ConstValue, true
	}
	return "", false
}

// documented returns the exported types of p the docs show, by name.
func documented(m *model.Model, p *model.Package) []*types.Type {
	var out []*types.Type
	for name, t := range p.Types {
		if !token.IsExported(name) || !m.Declared(t) || m.InstanceOf(t) != nil || len(t.TypeParams) > 0 {
			continue
		}
		switch kindOf(t) {
		case types.Func, types.Chan:
			continue
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return cmp.Compare(a.Name.Name, b.Name.Name) })
	return out
}

// kindOf is what t is beneath its name.
func kindOf(t *types.Type) types.Kind {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t.Kind
}

func (c *collector) newPage(p *model.Package, group, version string) *page {
	file := group
	if file == "" {
		file = "core"
	}
	pg := &page{group: group, version: version, pkgPath: p.Path, file: file + "-" + version, title: group + "/" + version}
	if group == "" {
		pg.title = "core/" + version
	}
	if version == "" {
		pg.file, pg.title = strings.ReplaceAll(p.Path, "/", "_"), p.Path
	}
	pg.doc, pg.docLines = prepare(p.DocComments), p.DocComments
	pg.imports = importNames(p.Source)
	if len(p.Source.GoFiles) > 0 {
		pg.docPos = token.Position{Filename: p.Source.GoFiles[0], Line: 1}
	}
	c.site.pages = append(c.site.pages, pg)
	return pg
}

// addType puts t on pg and queues it for reading.
func (c *collector) addType(pg *page, t *types.Type) *docType {
	dt := &docType{name: t.Name.Name, anchor: strings.ToLower(t.Name.Name), page: pg, t: t, pos: c.m.Position(t)}
	pg.types = append(pg.types, dt)
	c.site.byType[t] = dt
	c.queue = append(c.queue, dt)
	return dt
}

// readType reads a type's comment, facts and fields.
func (c *collector) readType(dt *docType) {
	t, m := dt.t, c.m
	dt.doc, dt.docLines = prepare(t.CommentLines), t.CommentLines
	dt.deprecated = isDeprecated(dt.doc)
	marks := m.Markers(t)
	dt.life = lifecycle(marks, dt.page.version)
	s := c.schemas.of(t)
	if kindOf(t) == types.Interface {
		// A field of an interface type holds what implements it.
		dt.under = typeRef{name: "interface"}
		return
	}
	if kindOf(t) != types.Struct {
		dt.under = c.ref(t.Underlying)
		if s != nil {
			dt.facts = factsOf(s.s, false)
		}
		dt.facts.enum = c.gatedValues(t, dt.facts.enum)
		c.checkRules(dt.facts.rules, marks, dt.pos, dt.name)
		return
	}
	if s != nil {
		dt.facts.rules = rulesOf(s.s)
		c.checkRules(dt.facts.rules, marks, dt.pos, dt.name)
	}
	dt.kind = isKind(t)
	if dt.kind {
		apiVersion := dt.page.title
		if dt.page.group == "" {
			apiVersion = dt.page.version
		}
		dt.fields = append(dt.fields,
			&field{json: "apiVersion", typ: typeRef{name: "string"}, value: apiVersion},
			&field{json: "kind", typ: typeRef{name: "string"}, value: dt.name})
	}
	c.readFields(dt, t, s, nil, 0)
}

// readFields adds the fields of struct t to dt, those of embedded structs
// in place; from is the embedded struct being expanded.
func (c *collector) readFields(dt *docType, t *types.Type, s *schemaRef, from *typeRef, depth int) {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	for i, mem := range t.Members {
		tag := reflect.StructTag(mem.Tags)
		jsonTag, hasJSON := tag.Lookup("json")
		name, opts, _ := strings.Cut(jsonTag, ",")
		if name == "-" || !mem.Embedded && !token.IsExported(mem.Name) {
			continue
		}
		if mem.Embedded && (!hasJSON || name == "") || strings.Contains(","+opts+",", ",inline,") {
			et := deref(mem.Type)
			if et.Name.Name == "TypeMeta" && et.Name.Package == metav1 || depth > 8 {
				continue
			}
			ref := c.ref(et)
			c.readFields(dt, et, s, &ref, depth+1)
			continue
		}
		if name == "" {
			name = mem.Name
		}
		f := &field{json: name, goName: mem.Name, typ: c.ref(mem.Type), doc: prepare(mem.CommentLines), docLines: mem.CommentLines, from: from}
		f.deprecated = isDeprecated(f.doc)
		marks := c.m.FieldMarkers(t, i)
		f.pos = c.m.FieldPosition(t, i)
		if f.pos.Filename == "" {
			f.pos = dt.pos
		}
		for _, d := range []markers.Def[[]string]{markers.FeatureGate, markers.K8sFeatureGate} {
			for _, gates := range d.All(marks) {
				f.gates = append(f.gates, gates...)
			}
		}
		if prop := s.property(name); prop != nil {
			f.facts = factsOf(prop, true)
			f.required = s.requires(name)
			if !s.crd && !markers.Default.Has(marks) {
				// openapi-gen gives fields without omitempty their zero
				// value as a default, which no server applies.
				f.facts.def = ""
			}
		} else {
			f.required = goRequired(marks, mem, opts)
			if dv, ok := markers.Default.Get(marks); ok {
				f.facts.def = dv.Raw
			}
		}
		// Declarative validation's +k8s:immutable, which no schema
		// carries, also when a gate or a stage wraps it.
		f.facts.immutable = f.facts.immutable || hasTag(mem.CommentLines, "+k8s:immutable")
		f.facts.enum = c.gatedValues(deref(mem.Type), f.facts.enum)
		c.checkRules(c.ownRules(f.facts.rules, mem.Type), marks, f.pos, dt.name+"."+name)
		dt.fields = append(dt.fields, f)
	}
}

const metav1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// isKind reports whether struct t embeds metav1.TypeMeta.
func isKind(t *types.Type) bool {
	for _, mem := range t.Members {
		if mem.Embedded && mem.Type.Name.Name == "TypeMeta" && mem.Type.Name.Package == metav1 {
			return true
		}
	}
	return false
}

// hasTag reports whether a comment line is tag, alone or as the value of
// a wrapping tag such as +k8s:alpha(since=1.35)=+k8s:immutable.
func hasTag(lines []string, tag string) bool {
	return slices.ContainsFunc(lines, func(l string) bool {
		l = strings.TrimSpace(l)
		return l == tag || strings.HasSuffix(l, "="+tag)
	})
}

// goRequired is whether a field without a schema is required: +required
// says so, +optional says not, and otherwise a field that is always
// written, neither omitempty nor a pointer.
func goRequired(marks markers.Set, mem types.Member, opts string) bool {
	switch {
	case markers.Required.Has(marks):
		return true
	case markers.Optional.Has(marks):
		return false
	}
	omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
	return !omit && mem.Type.Kind != types.Pointer
}

func deref(t *types.Type) *types.Type {
	for t.Kind == types.Pointer && t.Elem != nil {
		t = t.Elem
	}
	return t
}

// gatedValues adds to the values of an enum the gates of its constants'
// +featureGate markers, and reads the constants when the schema lists
// none.
func (c *collector) gatedValues(t *types.Type, values []enumValue) []enumValue {
	p := c.m.Package(t.Name.Package)
	if p == nil || len(values) == 0 {
		return values
	}
	gates := map[string][]string{}
	for _, k := range p.Constants {
		if k.Underlying != t || k.ConstValue == nil {
			continue
		}
		marks := c.m.ConstMarkers(k)
		for _, d := range []markers.Def[[]string]{markers.FeatureGate, markers.K8sFeatureGate} {
			for _, g := range d.All(marks) {
				gates[*k.ConstValue] = append(gates[*k.ConstValue], g...)
			}
		}
	}
	for i := range values {
		values[i].gates = gates[values[i].value]
	}
	return values
}

// checkRules warns of a validation rule without a message: the API server
// then answers with the rule's text, which users cannot act on.
func (c *collector) checkRules(rules []rule, marks markers.Set, pos token.Position, where string) {
	for _, r := range rules {
		if r.message == "" {
			c.diags.Warnf(rulePos(marks, r.rule, pos), "validation rule %q of %s has no message: the API server then reports the rule itself; give it message= or messageExpression=", r.rule, where)
		}
	}
}

// rulePos is where the marker of a rule is, or else pos.
func rulePos(marks markers.Set, text string, pos token.Position) token.Position {
	for _, mk := range marks {
		if strings.HasSuffix(mk.Def.Name, "XValidation") || strings.Contains(mk.Def.Name, "validation:cel") {
			if strings.Contains(oneLine(fmt.Sprint(mk.Value)), text) {
				return mk.Pos
			}
		}
	}
	return pos
}

// ownRules leaves out of a field's rules those of its type's own schema,
// which the type's documentation answers for.
func (c *collector) ownRules(rules []rule, t *types.Type) []rule {
	ts := c.schemas.of(deref(t))
	if ts == nil {
		return rules
	}
	inherited := rulesOf(ts.s)
	return slices.DeleteFunc(slices.Clone(rules), func(r rule) bool { return slices.Contains(inherited, r) })
}

// lifecycle describes the +k8s:prerelease-lifecycle-gen releases of a
// type of version, as prerelease-lifecycle-gen works them out.
func lifecycle(marks markers.Set, version string) string {
	ga := !strings.Contains(version, "alpha") && !strings.Contains(version, "beta")
	lc, ok := markers.LifecycleOf(marks, ga)
	if !ok {
		return ""
	}
	parts := []string{"introduced in " + lc.Introduced.String()}
	if lc.Deprecated != nil {
		parts = append(parts, "deprecated in "+lc.Deprecated.String())
	}
	if lc.Removed != nil {
		parts = append(parts, "removed in "+lc.Removed.String())
	}
	return strings.Join(parts, ", ")
}

// kubeRelease is the Kubernetes minor release of the apimachinery the
// load uses, such as "1.37", for links to the API reference.
func kubeRelease(m *model.Model) string {
	release := ""
	var roots []*packages.Package
	for _, p := range m.Packages {
		roots = append(roots, p.Source)
	}
	packages.Visit(roots, func(p *packages.Package) bool {
		if release != "" {
			return false
		}
		if mod := p.Module; mod != nil && (mod.Path == "k8s.io/apimachinery" || mod.Path == "k8s.io/api") && mod.Version != "" {
			parts := strings.Split(strings.TrimPrefix(mod.Version, "v"), ".")
			if len(parts) >= 2 && parts[0] == "0" {
				release = "1." + parts[1]
			}
		}
		return true
	}, nil)
	return release
}

// ref describes type t and where its name links.
func (c *collector) ref(t *types.Type) typeRef {
	prefix := ""
	for {
		switch {
		case t.Kind == types.Pointer:
			t = t.Elem
			continue
		case t.Kind == types.Slice && t.Name.Package == "":
			prefix += "[]"
			t = t.Elem
			continue
		case t.Kind == types.Map && t.Name.Package == "":
			prefix += "map[" + c.ref(t.Key).text() + "]"
			t = t.Elem
			continue
		}
		break
	}
	r := typeRef{prefix: prefix, name: t.Name.Name}
	switch {
	case t.Name.Package == "":
		if t.Kind == types.Slice || t.Kind == types.Map {
			r.name = t.String()
		}
		return r
	}
	if r.target = c.site.byType[t]; r.target == nil {
		r.target = c.addShared(t)
	}
	if r.target == nil {
		r.url = kubeAnchor(t, c.site.kube)
	}
	if r.target == nil && r.url == "" && !c.apiPkgs[t.Name.Package] {
		// An API version's own type that has no section, such as an
		// interface, is not linked: pkg.go.dev may not know the module.
		r.url = "https://pkg.go.dev/" + t.Name.Package + "#" + t.Name.Name
	}
	return r
}

// addShared documents t, of a package the run read that is no API
// version, on a page of its package, and returns it; or returns nil.
func (c *collector) addShared(t *types.Type) *docType {
	p := c.m.Package(t.Name.Package)
	if p == nil || c.apiPkgs[p.Path] || !p.Local() || !token.IsExported(t.Name.Name) || !c.m.Declared(t) || len(t.TypeParams) > 0 {
		return nil
	}
	pg := c.shared[p.Path]
	if pg == nil {
		group, _ := groupOf(p)
		pg = c.newPage(p, group, "")
		c.shared[p.Path] = pg
	}
	return c.addType(pg, t)
}

// kubeAnchor links a type of k8s.io/api or apimachinery to the Kubernetes
// API reference of release, or returns "".
func kubeAnchor(t *types.Type, release string) string {
	pkg := t.Name.Package
	if release == "" {
		return ""
	}
	var group string
	switch {
	case pkg == metav1:
		group = "meta"
	case strings.HasPrefix(pkg, "k8s.io/api/"):
		dir := strings.Split(strings.TrimPrefix(pkg, "k8s.io/api/"), "/")
		if len(dir) != 2 {
			return ""
		}
		group = kubeGroups[dir[0]]
		if group == "" {
			group = dir[0] + "-k8s-io"
		}
		return "https://kubernetes.io/docs/reference/generated/kubernetes-api/v" + release + "/#" + strings.ToLower(t.Name.Name) + "-" + dir[1] + "-" + group
	case pkg == "k8s.io/apimachinery/pkg/api/resource":
		return "https://kubernetes.io/docs/reference/generated/kubernetes-api/v" + release + "/#quantity-resource-core"
	default:
		return ""
	}
	return "https://kubernetes.io/docs/reference/generated/kubernetes-api/v" + release + "/#" + strings.ToLower(t.Name.Name) + "-" + path.Base(pkg) + "-" + group
}

// kubeGroups are the groups of k8s.io/api's directories as the reference's
// anchors spell them, where that is not the directory and "-k8s-io".
var kubeGroups = map[string]string{
	"core": "core", "apps": "apps", "autoscaling": "autoscaling", "batch": "batch", "policy": "policy",
	"rbac": "rbac-authorization-k8s-io", "flowcontrol": "flowcontrol-apiserver-k8s-io",
	"apiserverinternal": "internal-apiserver-k8s-io", "storagemigration": "storagemigration-k8s-io",
}

// text is the reference as plain text.
func (r typeRef) text() string { return r.prefix + r.name }

// importNames maps the names a package's files import packages under to
// their import paths.
func importNames(p *packages.Package) map[string]string {
	out := map[string]string{}
	for path, imp := range p.Imports {
		out[imp.Name] = path
	}
	for _, f := range p.Syntax {
		for _, spec := range f.Imports {
			if spec.Name != nil && spec.Path != nil {
				out[spec.Name.Name] = strings.Trim(spec.Path.Value, `"`)
			}
		}
	}
	return out
}
