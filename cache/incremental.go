package cache

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Package is what an entry keeps of one package the run generated for, so
// that a later run can tell which packages a change reaches (see Plan).
type Package struct {
	// Reads are the directories of the packages of local modules whose
	// sources the package's generated files may depend on: those it
	// imports, directly or not, and those the generators link it with.
	Reads []string `json:",omitempty"`
	// Links are the directories the generators link the package with
	// because of its own markers (see engine.Local).
	Links []string `json:",omitempty"`
}

// Plan is how a run whose remembered entry no longer holds can redo only
// part of the work: the packages whose files changed, and those that read
// them, are generated again; everything else the entry says still holds.
type Plan struct {
	Changed  []string // directories of the packages whose files changed
	Affected []string // those, and the directories of the packages that read one
	Load     []string // directories to load as targets: Affected and what they read
	old      *entry
}

// Known reports whether dir is a package the remembered run generated for.
func (p *Plan) Known(dir string) bool {
	_, ok := p.old.Packages[dir]
	return ok
}

// Links returns the links the remembered run recorded for dir.
func (p *Plan) Links(dir string) []string { return p.old.Packages[dir].Links }

// Package records a package the run generated for: its directory and
// what it reads (see Package).
func (r *Record) Package(dir string, pkg Package) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pkgs == nil {
		r.pkgs = map[string]Package{}
	}
	r.pkgs[dir] = pkg
}

// SetLocal records whether every generator of the run is local (see
// engine.Local), so that a later run may redo only part of it.
func (r *Record) SetLocal(local bool) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.local = local
}

// Plan returns the plan a partial run may follow, or nil.
func (r *Record) Plan() *Plan {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.plan
}

// Narrow tells the record that the run followed its plan: what it
// records then replaces, in the stored entry, only what the old entry
// says of the affected packages.
func (r *Record) Narrow() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.plan != nil {
		r.narrowed = true
		debugf("partial run: %d changed packages, %d affected, %d loaded", len(r.plan.Changed), len(r.plan.Affected), len(r.plan.Load))
	}
}

// Unplan drops the plan, for the reason why: the run does everything.
func (r *Record) Unplan(why string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.plan != nil {
		debugf("partial run given up: %s", why)
	}
	r.plan, r.narrowed = nil, false
}

// plan works out, for an entry that no longer holds, a Plan, or returns
// why there is none. A change it cannot attribute to a package the entry
// knows (go.mod, a new directory, a file outside the packages) means none.
// The lost outputs are no change: they are written again.
func (e *entry) plan(lost map[string]bool) (*Plan, string) {
	switch {
	case !e.Local || len(e.Packages) == 0:
		return nil, "not every generator is local"
	case e.Stdout != "" || e.Stderr != "" || len(e.Made) > 0:
		return nil, "the run printed or made files"
	}
	changed := map[string]bool{}
	blame := func(path string) string {
		d := filepath.Dir(path)
		if _, ok := e.Packages[d]; !ok || moduleFile(path) {
			return path + " is no package's file"
		}
		changed[d] = true
		return ""
	}
	for _, s := range slices.Concat(e.Inputs, e.Outputs) {
		if !lost[s.Path] && !s.holds() {
			if why := blame(s.Path); why != "" {
				return nil, why
			}
		}
	}
	for _, p := range e.Absent {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			if why := blame(p); why != "" {
				return nil, why
			}
		}
	}
	if why := e.dirChanges(changed, lost); why != "" {
		return nil, why
	}
	if len(changed) == 0 {
		return nil, "nothing changed"
	}
	return e.reach(changed), ""
}

// moduleFile reports whether path is a file of a module or workspace
// rather than of a package.
func moduleFile(path string) bool {
	switch filepath.Base(path) {
	case "go.mod", "go.sum", "go.work", "go.work.sum", "modules.txt":
		return true
	}
	return false
}

// dirChanges adds to changed the package directories whose entries
// changed only in files other than the lost outputs, and names the first
// other directory change.
func (e *entry) dirChanges(changed, lost map[string]bool) string {
	watch := map[string]bool{}
	for _, n := range e.Watch {
		watch[n] = true
	}
	for _, d := range e.Dirs {
		fi, err := os.Stat(d.Path)
		if err != nil {
			return d.Path + " is gone"
		}
		if fi.ModTime().UnixNano() == d.MTime {
			continue
		}
		names, err := entryNames(d.Path, watch, nil, d.All)
		if err != nil {
			return d.Path + " cannot be read"
		}
		if d.sameBut(names, lost) {
			continue
		}
		if _, ok := e.Packages[d.Path]; !ok {
			return d.Path + " has other entries"
		}
		for _, n := range symmetricDiff(names, d.Names) {
			if lost[filepath.Join(d.Path, n)] {
				continue
			}
			fi, err := os.Stat(filepath.Join(d.Path, n))
			if n == "go.mod" || (err == nil && fi.IsDir()) || (!strings.HasSuffix(n, ".go") && !watch[n]) {
				return filepath.Join(d.Path, n) + " is no package's file"
			}
		}
		changed[d.Path] = true
	}
	return ""
}

func symmetricDiff(a, b []string) []string {
	var out []string
	for _, n := range a {
		if !slices.Contains(b, n) {
			out = append(out, n)
		}
	}
	for _, n := range b {
		if !slices.Contains(a, n) {
			out = append(out, n)
		}
	}
	return out
}

// reach makes the plan for the changed package directories.
func (e *entry) reach(changed map[string]bool) *Plan {
	affected := map[string]bool{}
	for dir, p := range e.Packages {
		if changed[dir] || slices.ContainsFunc(p.Reads, func(r string) bool { return changed[r] }) {
			affected[dir] = true
		}
	}
	load := maps.Clone(affected)
	for dir := range affected {
		for _, r := range e.Packages[dir].Reads {
			if _, ok := e.Packages[r]; ok {
				load[r] = true
			}
		}
	}
	return &Plan{
		Changed:  slices.Sorted(maps.Keys(changed)),
		Affected: slices.Sorted(maps.Keys(affected)),
		Load:     slices.Sorted(maps.Keys(load)),
		old:      e,
	}
}

// merge returns the entry of a run that followed the plan: n, which the
// run recorded, for the affected packages' directories, and the old
// entry's stamps for everything else, which still hold.
func (p *Plan) merge(n *entry) *entry {
	o := p.old
	affected := map[string]bool{}
	for _, d := range p.Affected {
		affected[d] = true
	}
	keepOld := func(path string) bool { return !affected[filepath.Dir(path)] }
	m := &entry{Made: n.Made, Local: o.Local && n.Local}
	m.Inputs = mergeStamps(o.Inputs, n.Inputs, keepOld)
	m.Outputs = mergeStamps(o.Outputs, n.Outputs, keepOld)
	absent := map[string]bool{}
	for _, a := range o.Absent {
		if keepOld(a) {
			absent[a] = true
		}
	}
	for _, a := range n.Absent {
		absent[a] = true
	}
	m.Absent = slices.Sorted(maps.Keys(absent))
	watch := map[string]bool{}
	for _, w := range slices.Concat(o.Watch, n.Watch) {
		watch[w] = true
	}
	m.Watch = slices.Sorted(maps.Keys(watch))
	dirs := map[string]dirStamp{}
	for _, d := range n.Dirs {
		dirs[d.Path] = d
	}
	for _, d := range o.Dirs {
		if _, ok := dirs[d.Path]; !ok || !affected[d.Path] {
			dirs[d.Path] = d
		}
	}
	for _, k := range slices.Sorted(maps.Keys(dirs)) {
		m.Dirs = append(m.Dirs, dirs[k])
	}
	m.Packages = maps.Clone(o.Packages)
	maps.Copy(m.Packages, n.Packages)
	return m
}

// mergeStamps keeps the old stamps keep accepts that n does not replace,
// and adds n's, in path order.
func mergeStamps(old, n []stamp, keep func(string) bool) []stamp {
	by := map[string]stamp{}
	for _, s := range old {
		if keep(s.Path) {
			by[s.Path] = s
		}
	}
	for _, s := range n {
		by[s.Path] = s
	}
	out := make([]stamp, 0, len(by))
	for _, k := range slices.Sorted(maps.Keys(by)) {
		out = append(out, by[k])
	}
	return out
}
