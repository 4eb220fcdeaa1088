// Package client generates typed clientsets for API types marked
// +genclient: a typed client per type on k8s.io/client-go/gentype, a client
// per group version, the clientset that holds them, its scheme, and fakes of
// all of these. It writes the same files as k8s.io/code-generator's
// client-gen.
package client

import (
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/internal/parallel"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is client-gen.
type Generator struct {
	Header []byte  // boilerplate, already read
	Inputs []Input // in --input order

	OutputDir     string // absolute; the clientset goes in OutputDir/ClientsetName
	OutputPkg     string // import path of OutputDir
	ClientsetName string
	APIPath       string // for groups other than the legacy one, usually /apis

	ClientsetOnly bool // no typed clients, only the clientset, scheme and fake clientset
	Fake          bool // also the fakes

	// ApplyConfigurations is the package applyconfiguration-gen wrote to;
	// when set, clients get Apply methods.
	ApplyConfigurations string
	PrefersProtobuf     bool
	PluralExceptions    map[string]string // singular type name to plural

	// IncludedTypes replaces, for a group version (group as +groupName
	// gives it), the types marked +genclient with these.
	IncludedTypes map[GroupVersion][]string
}

// GroupVersion names a group version the way --included-types-overrides
// does: the API group, not the directory.
type GroupVersion struct{ Group, Version string }

// group is one API group of the clientset.
type group struct {
	key      string // the group as --input names it; groups are in this order
	dirName  string // from --input: the typed client directory and file names
	name     string // the API group, from +groupName if set; "" is the legacy group
	versions []*version
}

// version is one group version of the clientset.
type version struct {
	group   *group
	version string // "" for an internal version
	pkg     *model.Package
	goName  string // the group's Go name, from +groupGoName or the group
	kinds   []*kind
}

// ownGroup is the group v's typed client names: the package's own
// +groupName, as upstream reads it there, or else the group's.
func (v *version) ownGroup() string {
	if name, ok := markers.GroupName.Get(v.pkg.Markers); ok {
		return name
	}
	return v.group.name
}

// kind is a type that gets a typed client.
type kind struct {
	name      types.Name
	t         *types.Type
	tags      tags
	generate  bool // false for types --included-types-overrides adds without +genclient: their files stay empty
	methodPos []token.Position
	resource  string
	fileName  string // without .go
}

// plan is everything the files are generated from.
type plan struct {
	*Generator
	groups       []*group
	clientsetDir string
	clientsetPkg string
	anyClient    bool // some input type has +genclient: upstream writes group clients' bodies only then
	plural       *pluralNamers
}

func (p *plan) versions() []*version {
	var out []*version
	for _, g := range p.groups {
		out = append(out, g.versions...)
	}
	return out
}

// Generate writes the clientset for the inputs.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	p := g.plan(m, diags)
	if p == nil || diags.HasErrors() {
		return engine.Output{}
	}
	jobs := p.jobs()
	files := make([]*output.File, len(jobs))
	parallel.Each(len(jobs), func(i int) {
		j := jobs[i]
		files[i] = j.make().File(j.path, j.pos, diags)
	})
	// Every file of ours below the output directory is owned, so that one
	// no longer generated, such as the client of a type that lost its
	// +genclient, is named by verification and removed by pruning.
	out := engine.Output{Owned: genclient.GeneratedFiles(g.OutputDir, tool), Roots: []string{g.OutputDir}}
	out.Add(files...)
	return out
}

// job makes one file.
type job struct {
	path string
	pos  token.Position // the marker to blame if the code does not parse, if any
	make func() *output.GoFile
}

func (g *Generator) plan(m *model.Model, diags *diag.List) *plan {
	p := &plan{
		Generator:    g,
		clientsetDir: filepath.Join(g.OutputDir, g.ClientsetName),
		clientsetPkg: path.Join(g.OutputPkg, g.ClientsetName),
		plural:       newPluralNamers(g.PluralExceptions),
	}
	pkgs := resolve(m, g.Inputs, diags)
	if pkgs == nil {
		return nil
	}

	// Group the inputs by the group their path names, groups in name order
	// and versions in --input order. A package with +k8s:client-gen=false
	// is left out, as if --input had not named it.
	byGroup := map[string]*group{}
	seen := map[[2]string]string{}
	for i, in := range g.Inputs {
		pkg := pkgs[i]
		if on, ok := enableDefinition.Get(pkg.Markers); ok && !on {
			continue
		}
		key := [2]string{in.Group, in.Version}
		if prev, dup := seen[key]; dup {
			diags.Errorf(token.Position{}, "--input %s and --input %s both name group %s version %s", prev, in.Arg, genclient.NonEmptyGroup(in.Group), genclient.NonEmptyVersion(in.Version))
			continue
		}
		seen[key] = in.Arg
		gr := byGroup[in.Group]
		if gr == nil {
			gr = &group{key: in.Group, dirName: genclient.NonEmptyGroup(in.Group)}
			byGroup[in.Group] = gr
			p.groups = append(p.groups, gr)
		}
		gr.versions = append(gr.versions, &version{group: gr, version: in.Version, pkg: pkg})
	}
	slices.SortStableFunc(p.groups, func(a, b *group) int { return strings.Compare(a.key, b.key) })

	for _, gr := range p.groups {
		p.nameGroup(gr, diags)
	}
	p.checkGoNames(diags)
	for _, v := range p.versions() {
		p.selectKinds(m, v, diags)
	}
	return p
}

// resolve finds the package of each input, by import path or directory.
func resolve(m *model.Model, inputs []Input, diags *diag.List) []*model.Package {
	byKey := map[string]*model.Package{}
	for _, p := range m.Packages {
		byKey[p.Path] = p
		if p.Dir != "" {
			byKey[filepath.Clean(p.Dir)] = p
		}
	}
	out := make([]*model.Package, len(inputs))
	ok := true
	for i, in := range inputs {
		p := byKey[in.Pattern]
		if p == nil && filepath.IsAbs(in.Pattern) {
			if real, err := filepath.EvalSymlinks(in.Pattern); err == nil {
				p = byKey[real]
			}
		}
		if p == nil {
			diags.Errorf(token.Position{}, "--input %s: package %s was not loaded", in.Arg, in.Pattern)
			ok = false
			continue
		}
		out[i] = p
	}
	if !ok {
		return nil
	}
	return out
}

// groupNamePos is where a package's +groupName stands, or the package's
// directory.
func groupNamePos(p *model.Package) token.Position {
	if _, mk, ok := markers.GroupName.Lookup(p.Markers); ok {
		return mk.Pos
	}
	return token.Position{Filename: p.Dir}
}

// nameGroup sets the group's API name, from the first version's +groupName
// as upstream does, and each version's Go name.
func (p *plan) nameGroup(gr *group, diags *diag.List) {
	first := gr.versions[0]
	name, named := markers.GroupName.Get(first.pkg.Markers)
	gr.name = gr.dirName
	if named {
		gr.name = name
	}
	for _, v := range gr.versions[1:] {
		other, mk, ok := markers.GroupName.Lookup(v.pkg.Markers)
		switch {
		case ok && (!named || other != gr.name):
			// Upstream names the group after the first version, and
			// only this version's client struct after its own.
			diags.Warnf(mk.Pos, "+groupName=%s differs from the group %q of %s, the first version of the group given to --input, after which the clientset names both", other, gr.name, first.pkg.Path)
		case !ok && named:
			// Upstream names the group after its first version only.
			diags.Warnf(token.Position{Filename: v.pkg.Dir}, "package %s has no +groupName, but %s, the first version of its group, has +groupName=%s; its client uses that group", v.pkg.Path, first.pkg.Path, gr.name)
		}
	}
	for _, v := range gr.versions {
		v.goName = genclient.GoName(v.pkg, gr.name)
	}
}

// checkGoNames reports group versions whose Go names collide: their
// clientset methods and import names would be the same.
func (p *plan) checkGoNames(diags *diag.List) {
	byName := map[string]*version{}
	for _, v := range p.versions() {
		key := strings.ToLower(v.goName + genclient.NonEmptyVersion(v.version))
		prev := byName[key]
		if prev == nil {
			byName[key] = v
			continue
		}
		hint := "; give one of them a +groupGoName"
		if markers.GroupGoName.Has(v.pkg.Markers) {
			hint = "; choose another +groupGoName"
		}
		diags.Errorf(groupNamePos(v.pkg), "groups %q (%s) and %q (%s) both have the Go name %s%s in the clientset%s",
			genclient.NonEmptyGroup(prev.group.name), prev.pkg.Path, genclient.NonEmptyGroup(v.group.name), v.pkg.Path, v.goName, namer.IC(v.version), hint)
	}
}

// selectKinds finds the types of v that get clients, in the order the
// clients list them, and checks their markers.
func (p *plan) selectKinds(m *model.Model, v *version, diags *diag.List) {
	included, override := p.IncludedTypes[GroupVersion{v.group.name, v.version}]
	for _, name := range included {
		if t := v.pkg.Types[name]; t == nil || !m.Declared(t) {
			// Upstream passes over such a name.
			diags.Warnf(token.Position{}, "--included-types-overrides names %s/%s/%s, but package %s has no type %s; the name has no effect", v.group.name, v.version, name, v.pkg.Path, name)
		}
	}
	for name, t := range v.pkg.Types {
		if !m.Declared(t) {
			continue
		}
		set := m.Markers(t)
		tg := readTags(set)
		p.anyClient = p.anyClient || tg.genclient
		if override && !slices.Contains(included, name) || !override && !tg.genclient {
			continue
		}
		k := &kind{name: t.Name, t: t, tags: tg, generate: tg.genclient}
		for mk := range markers.GenClientMethod.Each(set) {
			k.methodPos = append(k.methodPos, mk.Pos)
		}
		k.resource = tg.resourceName
		if k.resource == "" {
			k.resource = p.plural.lower(t.Name)
		}
		k.fileName = strings.ToLower(namer.IL(name))
		// A +genclient marker the model rejected is missing from the set;
		// checking the rest would only report consequences of that error.
		if tg.genclient && rawGenclientLines(t) == countGenclient(set) {
			p.checkKind(m, v, k, diags)
		}
		v.kinds = append(v.kinds, k)
	}
	slices.SortFunc(v.kinds, func(a, b *kind) int { return strings.Compare(namer.IL(a.name.Name), namer.IL(b.name.Name)) })
}

// rawGenclientLines counts the +genclient lines in t's comments.
func rawGenclientLines(t *types.Type) int {
	n := 0
	for _, l := range append(slices.Clone(t.SecondClosestCommentLines), t.CommentLines...) {
		if strings.HasPrefix(strings.TrimSpace(l), "+"+markers.GenClientNamespace) {
			n++
		}
	}
	return n
}

// countGenclient counts the +genclient markers of a set.
func countGenclient(set markers.Set) int {
	n := 0
	for _, mk := range set {
		if strings.HasPrefix(mk.Def.Name, markers.GenClientNamespace) {
			n++
		}
	}
	return n
}

// checkKind reports markers whose client would not compile.
func (p *plan) checkKind(m *model.Model, v *version, k *kind, diags *diag.List) {
	t, tg := k.t, k.tags
	if t.Kind != types.Struct {
		diags.Errorf(tg.pos, "+genclient on %s, which is not a struct: clients read and write API objects, which are structs", t.Name.Name)
		return
	}
	declared := func(name string) bool {
		d := v.pkg.Types[name]
		return d != nil && m.Declared(d)
	}
	if !tg.noVerbs && tg.has("list") && !declared(t.Name.Name+"List") {
		diags.Errorf(tg.pos, "the client of %s lists %sList, but package %s declares no such type; declare it, or leave out the list verb (+genclient:skipVerbs=list)", t.Name.Name, t.Name.Name, v.pkg.Path)
	}
	switch k.fileName {
	case "doc", v.group.dirName + "_client", "generated_expansion":
		diags.Errorf(tg.pos, "the client of %s would be written to %s.go, which client-gen writes for the group version; rename the type", t.Name.Name, k.fileName)
	}
	if tg.noVerbs {
		return
	}
	own := map[string]bool{}
	for _, verb := range p.verbs(k) {
		own[namer.IC(verb)] = true
	}
	// A client without list (apply) is built on a gentype client that has
	// no DeleteCollection (ApplyStatus) method.
	for _, v := range [][2]string{{"deleteCollection", "list"}, {"applyStatus", "apply"}} {
		if own[namer.IC(v[0])] && !own[namer.IC(v[1])] {
			diags.Errorf(tg.verbsPos, "the client of %s has the verb %s but not %s, so client-gen's code does not compile: its client type has no %s method; add %s or leave out %s",
				t.Name.Name, v[0], v[1], namer.IC(v[0]), v[1], v[0])
		}
	}
	names := map[string]bool{}
	for i, mt := range tg.methods {
		pos := k.methodPos[i]
		if mt.Verb == "apply" && p.ApplyConfigurations == "" {
			continue
		}
		switch {
		case own[mt.Name]:
			diags.Errorf(pos, "method %s is already a method of the client of %s; give it another name", mt.Name, t.Name.Name)
		case names[mt.Name]:
			diags.Errorf(pos, "method %s is declared twice for %s", mt.Name, t.Name.Name)
		}
		names[mt.Name] = true
		for _, ref := range []string{mt.Input, mt.Result} {
			if pkg, name := splitType(ref); ref != "" && pkg == "" && !declared(name) {
				diags.Errorf(pos, "method %s names type %s, which package %s does not declare; write import/path.%s for a type of another package", mt.Name, name, v.pkg.Path, name)
			}
		}
	}
}

// verbs returns the default verbs of k's client, in interface order.
func (p *plan) verbs(k *kind) []string {
	if k.tags.noVerbs {
		return nil
	}
	skip := k.tags.skip
	if !hasStatus(k) {
		skip = append(slices.Clone(skip), "updateStatus", "applyStatus")
	}
	var out []string
	for _, verb := range allVerbs {
		if slices.Contains(skip, verb) {
			continue
		}
		if (verb == "apply" || verb == "applyStatus") && p.ApplyConfigurations == "" {
			continue
		}
		out = append(out, verb)
	}
	return out
}

// hasStatus reports whether k's client updates its status on its own:
// the type has a Status field and no +genclient:noStatus.
func hasStatus(k *kind) bool {
	return !k.tags.noStatus && slices.ContainsFunc(k.t.Members, func(m types.Member) bool { return m.Name == "Status" })
}

// pluralNamers name types in the plural, with --plural-exceptions.
type pluralNamers struct {
	public, private, lowerCase namer.Namer
}

func newPluralNamers(exceptions map[string]string) *pluralNamers {
	return &pluralNamers{
		public:    namer.NewPublicPluralNamer(exceptions),
		private:   namer.NewPrivatePluralNamer(exceptions),
		lowerCase: namer.NewAllLowercasePluralNamer(exceptions),
	}
}

func (n *pluralNamers) publicName(t types.Name) string {
	return n.public.Name(&types.Type{Name: t})
}

// privatePluralExceptions keeps the events.Event clients' struct from
// colliding with the events package: upstream's two fixed exceptions.
var privatePluralExceptions = map[string]string{
	"k8s.io/apis/events/v1beta1.Event":        "eventResources",
	"k8s.io/kubernetes/pkg/apis/events.Event": "eventResources",
}

func (n *pluralNamers) privateName(t types.Name) string {
	if s, ok := privatePluralExceptions[t.Package+"."+t.Name]; ok {
		return s
	}
	return n.private.Name(&types.Type{Name: t})
}

func (n *pluralNamers) lower(t types.Name) string {
	return n.lowerCase.Name(&types.Type{Name: t})
}

// Paths of the clientset's packages.

func (v *version) Version() string { return namer.IC(v.version) }

// prefix is the Go name of the group version: CoreV1.
func (v *version) prefix() string { return v.goName + v.Version() }

// alias is the import name of the group version's packages.
func (v *version) alias() string {
	return strings.ToLower(v.goName + genclient.NonEmptyVersion(v.version))
}

func (v *version) typedSubdir() string {
	return path.Join("typed", strings.ToLower(v.group.dirName), strings.ToLower(genclient.NonEmptyVersion(v.version)))
}

func (p *plan) typedDir(v *version) string {
	return filepath.Join(p.clientsetDir, filepath.FromSlash(v.typedSubdir()))
}

func (p *plan) typedPkg(v *version) string { return path.Join(p.clientsetPkg, v.typedSubdir()) }

func (p *plan) schemePkg() string { return path.Join(p.clientsetPkg, "scheme") }

// gvString is the group/version at the end of an import path.
func gvString(importPath string) string {
	_, gv := splitPathGroupVersion(importPath)
	return gv
}

// jobs lists every file, in upstream's order.
func (p *plan) jobs() []job {
	var out []job
	add := func(dir, name string, make func() *output.GoFile) {
		out = append(out, job{path: filepath.Join(dir, name), make: make})
	}
	header := p.Header
	add(p.clientsetDir, "clientset.go", p.clientset)
	schemeDir := filepath.Join(p.clientsetDir, "scheme")
	add(schemeDir, "doc.go", func() *output.GoFile {
		return docFile(header, "This package contains the scheme of the automatically generated clientset.", "scheme")
	})
	add(schemeDir, "register.go", func() *output.GoFile { return p.scheme(false, schemeDir) })
	if p.Fake {
		fakeDir := filepath.Join(p.clientsetDir, "fake")
		add(fakeDir, "doc.go", func() *output.GoFile {
			return docFile(header, "This package has the automatically generated fake clientset.", "fake")
		})
		add(fakeDir, "clientset_generated.go", p.fakeClientset)
		add(fakeDir, "register.go", func() *output.GoFile { return p.scheme(true, "") })
	}
	if p.ClientsetOnly {
		return out
	}
	for _, v := range p.versions() {
		dir := p.typedDir(v)
		pkgName := strings.ToLower(genclient.NonEmptyVersion(v.version))
		add(dir, "doc.go", func() *output.GoFile {
			return docFile(header, "This package has the automatically generated typed clients.", pkgName)
		})
		for _, k := range v.kinds {
			add(dir, k.fileName+".go", func() *output.GoFile { return p.typedClient(v, k) })
			out[len(out)-1].pos = k.tags.pos
		}
		add(dir, v.group.dirName+"_client.go", func() *output.GoFile { return p.groupClient(v) })
		add(dir, "generated_expansion.go", func() *output.GoFile { return p.expansions(v, dir) })
		if !p.Fake {
			continue
		}
		fakeDir := filepath.Join(dir, "fake")
		add(fakeDir, "doc.go", func() *output.GoFile {
			return docFile(header, "Package fake has the automatically generated clients.", "fake")
		})
		for _, k := range v.kinds {
			add(fakeDir, "fake_"+k.fileName+".go", func() *output.GoFile { return p.fakeTypedClient(v, k) })
			out[len(out)-1].pos = k.tags.pos
		}
		add(fakeDir, "fake_"+v.group.dirName+"_client.go", func() *output.GoFile { return p.fakeGroupClient(v) })
	}
	return out
}
