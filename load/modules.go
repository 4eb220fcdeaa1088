package load

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// group is the patterns that one go list answers: those that resolve in
// one module, or in one workspace.
type group struct {
	dir      string // where go list runs
	patterns []string
}

// groups splits cfg's patterns, and its extra packages, by the module or
// workspace that holds them. A directory pattern whose directory lies in
// another module than cfg.Dir (a nested module with no go.work over both)
// is listed from that module, as controller-gen loads it; everything else
// is listed from cfg.Dir. Groups come in the order of their first pattern,
// import paths and extras counting as cfg.Dir's and coming first.
func groups(cfg Config) []group {
	var out []group
	index := map[string]int{}
	add := func(home, dir, pat string) {
		i, ok := index[home]
		if !ok {
			i, index[home] = len(out), len(out)
			out = append(out, group{dir: dir})
		}
		out[i].patterns = append(out[i].patterns, pat)
	}
	home := moduleHome(absDir(cfg.Dir))
	var dirs []string
	for _, pat := range cfg.patterns() {
		if _, byDir := PatternDir(cfg.Dir, pat); byDir {
			dirs = append(dirs, pat)
		} else {
			add(home, cfg.Dir, pat)
		}
	}
	for _, e := range cfg.Extra {
		add(home, cfg.Dir, e.Path)
	}
	for _, pat := range dirs {
		dir, _ := PatternDir(cfg.Dir, pat)
		if h := moduleHome(wildcardRoot(dir)); h != home && h != "" {
			add(h, h, dir)
		} else {
			add(home, cfg.Dir, pat)
		}
	}
	return out
}

// patterns returns cfg.Patterns, and with Nested, for every "dir/..."
// pattern also "m/..." for each module m found below dir, after them.
func (cfg Config) patterns() []string {
	if !cfg.Nested {
		return cfg.Patterns
	}
	out := slices.Clone(cfg.Patterns)
	for _, pat := range cfg.Patterns {
		dir, byDir := PatternDir(cfg.Dir, pat)
		if !byDir || filepath.Base(dir) != "..." {
			continue
		}
		for _, m := range modulesBelow(filepath.Dir(dir)) {
			if p := filepath.Join(m, "..."); !slices.Contains(out, p) && p != dir {
				out = append(out, p)
			}
		}
	}
	return out
}

// modulesBelow returns the directories at or below root that hold a
// go.mod, in walk order.
func modulesBelow(root string) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "go.mod" {
			out = append(out, filepath.Dir(p))
		}
		return nil
	})
	return out
}

// moduleHome returns the directory whose go.work (when workspaces are on)
// or go.mod decides how packages in dir resolve, or "" if there is none.
func moduleHome(dir string) string {
	work := os.Getenv("GOWORK")
	if work != "" {
		// One workspace, or none, for every directory.
		return ""
	}
	if h := findUp(dir, "go.work"); h != "" {
		return h
	}
	return findUp(dir, "go.mod")
}

func findUp(dir, name string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// wildcardRoot returns the directory part of a directory pattern before
// any "...".
func wildcardRoot(dir string) string {
	if i := strings.Index(dir, "..."); i >= 0 {
		dir = filepath.Dir(dir[:i+1])
	}
	return dir
}

func absDir(dir string) string {
	abs, _ := filepath.Abs(dir)
	return abs
}

// listGroups lists every group with pcfg's mode, each from its own
// directory, and joins the graphs into one with a package per import
// path: the first listing of a path is kept, unless a later group names it
// as a root and no earlier one did, as when a module's packages are first
// seen as another module's dependencies. It returns the roots, each once.
func listGroups(pcfg packages.Config, gs []group, list func(*packages.Config, []string) ([]*packages.Package, error)) ([]*packages.Package, error) {
	j := joiner{byPath: map[string]*packages.Package{}, root: map[*packages.Package]bool{}, moved: map[*packages.Package]*packages.Package{}}
	var roots []*packages.Package
	for _, g := range gs {
		cfg := pcfg
		cfg.Dir = g.dir
		listed, err := list(&cfg, g.patterns)
		if err != nil {
			return nil, err
		}
		j.add(listed)
		roots = append(roots, listed...)
	}
	return j.finish(roots), nil
}

// joiner merges listed graphs by import path.
type joiner struct {
	byPath map[string]*packages.Package
	root   map[*packages.Package]bool              // the kept packages some group named
	moved  map[*packages.Package]*packages.Package // dropped package -> kept one
}

func (j *joiner) add(roots []*packages.Package) {
	named := map[*packages.Package]bool{}
	for _, r := range roots {
		named[r] = true
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		old := j.byPath[p.PkgPath]
		switch {
		case p.PkgPath == "" || old == p:
		case old == nil:
			j.byPath[p.PkgPath] = p
		case named[p] && !j.root[old]:
			j.moved[old] = p
			j.byPath[p.PkgPath] = p
		default:
			j.moved[p] = old
		}
		if named[p] && j.byPath[p.PkgPath] == p {
			j.root[p] = true
		}
	})
}

// finish points every kept package's imports at kept packages and returns
// roots, each replaced by the kept package of its path, once.
func (j *joiner) finish(roots []*packages.Package) []*packages.Package {
	kept := func(p *packages.Package) *packages.Package {
		for j.moved[p] != nil {
			p = j.moved[p]
		}
		return p
	}
	for _, p := range j.byPath {
		for path, imp := range p.Imports {
			p.Imports[path] = kept(imp)
		}
	}
	var out []*packages.Package
	for _, r := range roots {
		if r = kept(r); !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}
