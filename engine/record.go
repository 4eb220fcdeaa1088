package engine

import (
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// The run cache's second point of contact (the first is generatePart,
// before loading): what a successful run read and wrote.

// record tells opts.Record, if set, what the run that made out read and
// left: the files of its load, its package graph when it was whole, and
// its output.
func record(opts Options, out Output, stale []string) {
	if opts.Record == nil || out.run == nil {
		return
	}
	res := out.run.m.Loaded()
	recordLoad(opts, res)
	if out.run.gens != nil {
		recordPackages(opts, res, out.run.m, out.run.gens)
	}
	recordOutput(opts, out, stale)
}

// recordOutput tells opts.Record what a successful run left: its files,
// the paths it owns without generating them, and the trees it wrote in.
func recordOutput(opts Options, out Output, stale []string) {
	rec := opts.Record
	if rec == nil {
		return
	}
	rec.Watch(out.PackageFiles...)
	generated := map[string]bool{}
	for _, f := range out.Files {
		rec.Outputs(f.Path)
		rec.Watch(filepath.Base(f.Path))
		generated[output.Join(f.Path, "")] = true
	}
	for _, p := range slices.Concat(out.Owned, stale, out.Remove) {
		if generated[output.Join(p, "")] {
			continue
		}
		rec.Watch(filepath.Base(p))
		if _, err := os.Lstat(p); err == nil {
			rec.Outputs(p) // owned, not generated, left in place: it must stay as it is
		} else {
			rec.Absent(p)
		}
	}
	rec.OutputTrees(out.Roots...) // a generator may own any Go file there
	rec.Trees(opts.PruneTrees...)
}

// recordLoad tells opts.Record the files a load read that can change: the
// Go files of the packages of the main modules and of modules replaced by
// directories, their go.mod and go.sum, vendored packages, and the
// go.work above opts.Dir or named by GOWORK. Every directory below such a
// module counts, so that a new package a pattern would match is noticed.
// The module cache never changes.
func recordLoad(opts Options, res *load.Result) {
	rec := opts.Record
	if rec == nil {
		return
	}
	modules := map[string]bool{}
	for _, p := range res.ByPath {
		files := slices.Concat(p.GoFiles, p.OtherFiles, p.IgnoredFiles, p.EmbedFiles)
		dir, ok := localModule(p)
		if !ok {
			if vendored(p) {
				rec.Inputs(files...)
			}
			continue
		}
		modules[dir] = true
		rec.Inputs(files...)
		if len(p.GoFiles) > 0 {
			rec.Dirs(filepath.Dir(p.GoFiles[0]))
		}
	}
	for dir := range modules {
		rec.Inputs(filepath.Join(dir, "go.mod"), filepath.Join(dir, "go.sum"), filepath.Join(dir, "vendor/modules.txt"))
		rec.Trees(dir)
	}
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		rec.Inputs(w) // a workspace file named by the environment
	}
	from, _ := filepath.Abs(opts.Dir)
	for d := from; ; d = filepath.Dir(d) {
		rec.Inputs(filepath.Join(d, "go.work"), filepath.Join(d, "go.work.sum"))
		if filepath.Dir(d) == d {
			break
		}
	}
}

// vendored reports whether p's files come from a vendor directory, where
// they can be edited: its module, neither main nor replaced by a
// directory, has no directory in the module cache.
func vendored(p *packages.Package) bool {
	m := p.Module
	return m != nil && !m.Main && m.Dir == "" && (m.Replace == nil || m.Replace.Dir == "")
}

// localModule returns the directory of p's module when it is one whose
// files may change: a main module, or one replaced by a directory.
func localModule(p *packages.Package) (string, bool) {
	m := p.Module
	switch {
	case m == nil:
		return "", false
	case m.Main:
		return m.Dir, m.Dir != ""
	case m.Replace != nil && m.Replace.Version == "":
		return m.Replace.Dir, m.Replace.Dir != ""
	}
	return "", false
}

// recordPackages tells opts.Record the run's packages and what each
// reads, if every generator is local.
func recordPackages(opts Options, res *load.Result, m *model.Model, gens []*Generator) {
	if opts.Record == nil {
		return
	}
	linked, ok := links(opts, m, gens)
	opts.Record.SetLocal(ok)
	if !ok {
		return
	}
	for dir, pkg := range readGraph(res, linked) {
		opts.Record.Package(dir, pkg)
	}
}
