package engine

import (
	"go/token"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Session is one load, kept so that later runs can use it instead of
// loading again: kube_codegen.sh's gen_helpers and gen_openapi, say.
type Session struct {
	dir   string // the working directory of the load
	res   *load.Result
	model *model.Model // everything read so far
	reg   *markers.Registry
	files map[string]fileState // hand-written files of the main module, as loaded
}

type fileState struct {
	size    int64
	modTime time.Time
}

// Open loads opts.Patterns, with the extra packages gens need, and builds
// the model, kept as a Session with the state of the main module's
// hand-written files, for later runs. The registry is opts.Registry, or
// the markers of gens. The model is nil when the packages could not be
// loaded. A session loads the syntax of every package, whatever gens
// declare, since the runs it serves later may need it.
func Open(opts Options, gens ...*Generator) (*Session, *model.Model, *diag.List) {
	res, m, reg, diags := loadModel(opts, gens, false)
	if m == nil {
		return nil, nil, diags
	}
	dir, _ := filepath.Abs(opts.Dir)
	return &Session{dir: dir, res: res, model: m, reg: reg, files: stampFiles(maps.Values(res.ByPath))}, m, diags
}

// loadModel loads opts.Patterns, with the extra packages gens need, and
// builds the model; the model is nil when the packages could not be
// loaded. With lean, it reads dependencies as types, and gives no types
// to what no declaration reaches, when every one of gens allows it.
func loadModel(opts Options, gens []*Generator, lean bool) (*load.Result, *model.Model, *markers.Registry, *diag.List) {
	reg := opts.Registry
	if reg == nil {
		reg = Registry(gens...)
	}
	start := time.Now()
	extra, err := extraPackages(opts, reg, gens)
	if err != nil {
		var diags diag.List
		diags.Errorf(token.Position{}, "listing packages: %v", err)
		return nil, nil, nil, &diags
	}
	for _, p := range opts.Preload {
		extra = append(extra, load.Extra{Path: p, Why: "preload", Optional: true})
	}
	res, diags := load.Load(load.Config{Dir: opts.Dir, Patterns: opts.Patterns, Extra: extra, Nested: opts.Nested,
		DependencyTypes: lean && every(gens, func(g *Generator) bool { return g.DependencyTypes }),
		Prune:           lean && every(gens, func(g *Generator) bool { return g.DependencyTypes || g.Declarations })})
	opts.phase("loading", start)
	if diags.HasErrors() {
		return nil, nil, nil, diags
	}
	start = time.Now()
	m := model.Build(res, reg, diags)
	opts.phase("building the model", start)
	return res, m, reg, diags
}

// every reports whether there are gens and each of them has the property.
func every(gens []*Generator, has func(*Generator) bool) bool {
	return len(gens) > 0 && !slices.ContainsFunc(gens, func(g *Generator) bool { return !has(g) })
}

// Generate runs gens for opts over the session's load, if it can serve
// them: every package opts names is one it loaded, named exactly, and no
// hand-written file of the main module has changed since. It reports
// whether it served the run.
func (s *Session) Generate(opts Options, gens ...*Generator) (Output, *diag.List, bool) {
	var diags diag.List
	dir, _ := filepath.Abs(opts.Dir)
	if dir != s.dir || !s.unchanged() {
		return Output{}, nil, false
	}
	cfg := load.Config{Dir: opts.Dir, Patterns: opts.Patterns, Nested: opts.Nested}
	targets, _, ok := load.Select(s.res, cfg)
	if !ok && s.join(cfg) {
		targets, _, ok = load.Select(s.res, cfg)
	}
	if !ok {
		return Output{}, nil, false
	}
	m := s.model.Extend(targets, nil, &diags)
	extra, ok := s.extra(m, gens)
	if !ok {
		return Output{}, nil, false
	}
	m = m.Extend(targets, extra, &diags)
	return GenerateModel(opts, m, gens, &diags), &diags, true
}

// extra selects, from the load, the extra packages gens need for m,
// loading those it lacks.
func (s *Session) extra(m *model.Model, gens []*Generator) ([]*packages.Package, bool) {
	docs := map[string]markers.Set{}
	for _, p := range m.Packages {
		docs[p.Path] = p.Markers
	}
	cfg := load.Config{Dir: s.dir, Extra: Needs(gens, docs)}
	_, extra, ok := load.Select(s.res, cfg)
	if !ok && s.join(cfg) {
		_, extra, ok = load.Select(s.res, cfg)
	}
	return extra, ok
}

// join loads what cfg names on top of the session's load (load.Extend),
// so that a later run of a script that names a package the first did not
// is still served. Patterns with "..." are not joined: they are never
// served.
func (s *Session) join(cfg load.Config) bool {
	if slices.ContainsFunc(cfg.Patterns, func(p string) bool { return strings.Contains(p, "...") }) {
		return false
	}
	_, fresh, ok := load.Extend(s.res, cfg)
	if !ok {
		return false
	}
	s.model.Joined(fresh)
	maps.Copy(s.files, stampFiles(slices.Values(fresh)))
	return true
}

// stampFiles records the hand-written Go files of the main module's
// packages, so that a later run can tell whether the load is still true.
func stampFiles(pkgs iter.Seq[*packages.Package]) map[string]fileState {
	files := map[string]fileState{}
	for p := range pkgs {
		if p.Module == nil || !p.Module.Main {
			continue // the module cache and GOROOT do not change
		}
		for _, f := range append(append([]string{}, p.GoFiles...), p.IgnoredFiles...) {
			if fi, err := os.Stat(f); err == nil && !cache.Generated(f) {
				files[f] = fileState{fi.Size(), fi.ModTime()}
			}
		}
	}
	return files
}

// unchanged reports whether every recorded file is as it was, and no new
// hand-written file has appeared in their directories.
func (s *Session) unchanged() bool {
	dirs := map[string]bool{}
	for f, st := range s.files {
		fi, err := os.Stat(f)
		if err != nil || fi.Size() != st.size || !fi.ModTime().Equal(st.modTime) {
			return false
		}
		dirs[filepath.Dir(f)] = true
	}
	for d := range dirs {
		names, _ := filepath.Glob(filepath.Join(d, "*.go"))
		for _, f := range names {
			if _, known := s.files[f]; !known && !strings.HasSuffix(f, "_test.go") && !cache.Generated(f) {
				return false
			}
		}
	}
	return true
}
