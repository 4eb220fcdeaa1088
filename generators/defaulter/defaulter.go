// Package defaulter generates the functions that apply defaults to API
// objects, producing the same files as k8s.io/code-generator's
// defaulter-gen: a SetObjectDefaults_<Type> function for each top-level
// type, calling the hand-written SetDefaults_* functions and applying the
// +default values of everything the type holds, and RegisterDefaults.
package defaulter

import (
	"go/token"
	"maps"
	"slices"
	"strings"
	"sync"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// invalidPos marks diagnostics that belong to no line of source.
var invalidPos token.Position

// Generator is defaulter-gen.
type Generator struct {
	OutputFile    string
	Header        []byte
	BuildTag      string   // written into the header; "" means load.BuildTag
	ExtraPeerDirs []string // more packages whose SetDefaults_ functions are called
}

// Selects takes, as kube_codegen.sh does, the packages of the main module
// that carry a +k8s:defaulter-gen= line. Upstream's defaulter-gen calls
// the SetDefaults_ functions of every package it is given, so a package
// named only for other generators must not be among them.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged(enableMarker+"=")
}

// peerPaths returns --extra-peer-dirs as import paths.
func (g *Generator) peerPaths() []string { return load.Unvendored(g.ExtraPeerDirs) }

// peersBelow reports whether a peer directory ends in "/...", naming every
// loaded package below it: those include packages only function bodies
// import, so the load must read them all.
func (g *Generator) peersBelow() bool {
	return slices.ContainsFunc(g.ExtraPeerDirs, func(p string) bool { return strings.HasSuffix(p, "/...") })
}

// Needs names the packages of +k8s:defaulter-gen-input and the peer
// directories, so that they are read in the same load.
func (g *Generator) Needs(docs map[string]markers.Set) []load.Extra {
	return engine.InputNeeds(docs, enablePackage, inputPackage, g.peerPaths(), "--extra-peer-dirs")
}

// job is one file to write.
type job struct {
	pkg     *model.Package
	objects map[*types.Type]*types.Type // the types given an object defaulter, and its function
}

// Generate writes one file per package whose doc.go turns defaulting on.
//
// Packages are planned one after another in import-path order, and the
// hand-written functions of each are known only from its turn on, as
// upstream does: which types get an object defaulter may depend on it. The
// functions are then written knowing every hand-written function.
//
// The markers of every package the run named are checked, inputs or not.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	sc := &scope{checked: map[string]bool{}}
	for _, p := range m.Named {
		sc.checked[p.Path] = true
		checkPackage(m, p, diags)
	}
	lib := newLibrary(m, diags)
	var peers []*model.Package
	if slices.ContainsFunc(m.Packages, func(p *model.Package) bool { return activationOf(p.Path, p.Markers).Enabled }) {
		peers = g.peers(m, diags) // only loaded when some package is defaulted
	}
	sc.commented = commentedPackages(m, peers)
	var jobs []*job
	for _, p := range m.Packages {
		lib.add(p)
		for _, pp := range peers {
			lib.add(pp)
		}
		a := activationOf(p.Path, p.Markers)
		if a.Mixed != nil {
			diags.Errorf(a.Mixed.Pos, "+%s=false cannot be combined with field names", enableMarker)
			continue
		}
		if !a.Enabled {
			continue
		}
		typesPkg := m.Package(a.Input)
		if typesPkg == nil {
			diags.Errorf(a.InputAt, "package %s, named by +%s, was not loaded", a.Input, inputMarker)
			continue
		}
		checkFieldNames(typesPkg, a, diags)
		pl := &planner{lib: lib, scope: sc}
		jobs = append(jobs, &job{pkg: p, objects: pl.choose(m, p, typesPkg, a)})
	}

	jobs = slices.DeleteFunc(jobs, func(j *job) bool { return !m.Emits(j.pkg) })
	for _, j := range jobs {
		checkObjects(m, j.objects, diags)
	}
	files := make([]*output.File, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Go(func() { files[i] = g.file(m, lib, sc, j, diags) })
	}
	wg.Wait()
	return engine.PerPackage(m, g.OutputFile, files, nil)
}

// commentedPackages returns the packages whose type comments upstream's
// defaulter-gen reads: those it loads itself, which are its inputs, their
// +k8s:defaulter-gen-input packages and the peers. A package it meets only
// as a dependency has none, however fully the model read it.
func commentedPackages(m *model.Model, peers []*model.Package) map[string]bool {
	out := map[string]bool{}
	for _, p := range m.Packages {
		out[p.Path] = true
		if a := activationOf(p.Path, p.Markers); a.Enabled {
			out[a.Input] = true
		}
	}
	for _, p := range peers {
		out[p.Path] = true
	}
	return out
}

// peers returns the packages named by --extra-peer-dirs; a path ending in
// "/..." names every loaded package below it.
func (g *Generator) peers(m *model.Model, diags *diag.List) []*model.Package {
	var out []*model.Package
	for _, path := range g.peerPaths() {
		if prefix, ok := strings.CutSuffix(path, "/..."); ok {
			for _, q := range slices.Sorted(maps.Keys(m.Universe)) {
				if p := m.Package(q); p != nil && (q == prefix || strings.HasPrefix(q, prefix+"/")) {
					out = append(out, p)
				}
			}
			continue
		}
		if p := m.Package(path); p != nil {
			out = append(out, p)
		} else {
			diags.Errorf(invalidPos, "--extra-peer-dirs names package %s, which was not loaded", path)
		}
	}
	return out
}

// checkFieldNames reports package-level +k8s:defaulter-gen markers naming
// a field that no type of the package being defaulted has. "true" names
// no field: it turns the package on for the types that opt in.
func checkFieldNames(p *model.Package, a markers.Activation, diags *diag.List) {
	have := map[string]bool{}
	for _, t := range p.Types {
		if t.Kind == types.Struct {
			for _, f := range t.Members {
				have[f.Name] = true
			}
		}
	}
	for _, f := range a.Values {
		if name := f.Value; !have[name] && name != "true" {
			diags.Warnf(f.Pos, "+%s=%s: no type in package %s has a field named %s", enableMarker, name, p.Path, name)
		}
	}
}

// choose decides which types of typesPkg get a generated object defaulter
// in package p: those selected by markers or by field name that have
// something to default, counting as such a call to another type's object
// defaulter.
func (pl *planner) choose(m *model.Model, p, typesPkg *model.Package, a markers.Activation) map[*types.Type]*types.Type {
	fields := map[string]bool{}
	for _, f := range a.Values {
		fields[f.Value] = true
	}
	pl.objects = map[*types.Type]*types.Type{}
	for _, name := range slices.Sorted(maps.Keys(typesPkg.Types)) {
		t := typesPkg.Types[name]
		if len(t.TypeParams) > 0 || m.InstanceOf(t) != nil || !pl.selected(m, t, fields) || namer.IsPrivateGoName(t.Name.Name) {
			continue
		}
		pl.objects[t] = nil
	}
	objNames := pl.lib.objNames
	for {
		added := 0
		for _, t := range sortedTypes(pl.objects) {
			if pl.objects[t] == nil && pl.tree(t) != nil {
				pl.objects[t] = &types.Type{Name: types.Name{Package: p.Path, Name: objNames.Name(t)}, Kind: types.Func}
				added++
			}
		}
		if added == 0 {
			break
		}
	}
	for t, fn := range pl.objects {
		if fn == nil {
			delete(pl.objects, t)
		}
	}
	return pl.objects
}

// selected reports whether t is a candidate for an object defaulter: not
// already given one by hand, and either opted in with +k8s:defaulter-gen
// in the comment block above its doc comment, or a struct with one of the
// package marker's fields.
func (pl *planner) selected(m *model.Model, t *types.Type, fields map[string]bool) bool {
	if pl.lib.byType[t].object != nil {
		return false
	}
	if v, ok := enableType.Get(detached(m, t)); ok && (v == "true" || v == "false") {
		return v == "true"
	}
	if t.Kind == types.Struct {
		for _, f := range t.Members {
			if fields[f.Name] {
				return true
			}
		}
	}
	return false
}

// detached returns the markers of t that are not in its doc comment: those
// of the comment block above it.
func detached(m *model.Model, t *types.Type) markers.Set {
	doc := m.DocMarkers(t)
	var out markers.Set
	for _, mk := range m.Markers(t) {
		if !slices.ContainsFunc(doc, func(d markers.Marker) bool { return d.Pos == mk.Pos }) {
			out = append(out, mk)
		}
	}
	return out
}

// file writes the defaulters of one job.
func (g *Generator) file(m *model.Model, lib *library, sc *scope, j *job, diags *diag.List) *output.File {
	f := output.NewGoFile(j.pkg.Path)
	w := &writer{f: f, objects: functionNamer("SetObjectDefaults_")}
	ts := sortedTypes(j.objects)
	w.register(ts)
	pl := &planner{lib: lib, scope: sc, objects: j.objects}
	for _, t := range ts {
		tree := pl.tree(t)
		if tree == nil {
			continue
		}
		if path := unusedLoop(tree, "in"); path != "" && m.Declared(t) {
			diags.Errorf(m.Position(t), "%s ranges over %s and has nothing to default in its items: upstream writes the loop with an item variable it never uses, which does not compile", w.objects.Name(t), path)
		}
		resolveRefs(tree, f.Tracker())
		w.object(t, tree)
	}
	tag := g.BuildTag
	if tag == "" {
		tag = load.BuildTag
	}
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: tag}
	f.Tool, f.Package = command, j.pkg.Name
	return f.File(output.Join(j.pkg.Dir, g.OutputFile), invalidPos, diags)
}

// Local reports whether the generator is local (see engine.Local): it is,
// unless a peer directory names a tree. A package is linked with its
// +k8s:defaulter-gen-input package and with the peers, unless they are in
// the module cache, which never changes, and with every package whose
// types its hand-written defaulting functions take: a package that reaches
// such a type calls them.
func (g *Generator) Local(m *model.Model) (map[string][]string, bool) {
	peers := g.peerPaths()
	if slices.ContainsFunc(peers, func(p string) bool { return strings.HasSuffix(p, "/...") }) {
		return nil, false
	}
	links := map[string][]string{}
	for _, p := range m.Packages {
		if a := activationOf(p.Path, p.Markers); a.Enabled {
			for _, q := range append([]string{a.Input}, peers...) {
				if !m.Fixed(q) {
					links[p.Path] = append(links[p.Path], q)
				}
			}
		}
		for _, f := range p.Functions {
			if t := defaultedType(f); t != nil && t.Name.Package != "" {
				links[p.Path] = append(links[p.Path], t.Name.Package)
			}
		}
	}
	return links, true
}
