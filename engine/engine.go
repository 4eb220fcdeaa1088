// Package engine runs generators over one load: load, model, generators,
// then write or verify. Nothing is written unless every step succeeded.
package engine

import (
	"fmt"
	"go/token"
	"io"
	"sync"
	"time"

	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is one configured generator: what it does in a run. It turns
// the model into files and reads nothing from disk. Only Name, Markers
// and Generate are required.
type Generator struct {
	// Name is its spec's name, such as "deepcopy" (see cli.Spec).
	Name string
	// Markers declares the markers it reads.
	Markers func(reg *markers.Registry)
	// Generate returns the files for the model, recording problems in diags.
	Generate func(m *model.Model, diags *diag.List) Output
	// Selects reports whether p, one of the packages the run named, is one
	// of its inputs; nil selects all (see Options.Select).
	Selects func(p *model.Package) bool
	// Needs returns the packages it reads beyond the patterns, given the
	// package markers of each package the patterns name, by import path.
	Needs func(docs map[string]markers.Set) []load.Extra
	// Links is set for a generator whose files for a package depend only
	// on the sources of that package, of the packages it imports (directly
	// or not) and of the packages Links links it with, and on whether those
	// are among the run's packages: not on the run's other packages. A run
	// whose generators are all local can generate again only the packages
	// a change reaches (see cache.Plan). A local generator should make no
	// files for a package its model does not emit (model.Model.Emits).
	// Links reports whether the generator, as configured, is local over m,
	// and returns, for a package whose own markers make the generator read
	// packages it does not import, their import paths. A link goes both
	// ways.
	Links func(m *model.Model) (links map[string][]string, local bool)
	// DependencyTypes says that it reads only the types of the packages
	// outside the run's patterns and Needs, never their syntax or
	// comments. When every generator of a run says so, the load may take
	// such packages from export data (see
	// load.Config.DependencyTypes).
	DependencyTypes bool
	// Declarations says that, beyond the run's patterns and Needs, it
	// reads only the packages their declarations reach, never one that
	// only a function body imports, so the load may give no other package
	// types (load.Config.Prune). DependencyTypes implies it.
	Declarations bool
	// Inputs, when not nil (even if empty), are the packages its flags
	// name, as client-gen's --input does: apigen generate loads them too,
	// and its own command loads them instead of its arguments.
	Inputs []string
	// Finish is work after a successful run, such as writing openapi-gen's
	// API rule violations. It returns the exit status.
	Finish func(stdout, stderr io.Writer) int
}

// Output is what one generator produces.
type Output struct {
	Files []output.File
	// Owned lists every path the generator answers for, generated or not,
	// so that verification can name files that are no longer generated.
	Owned []string
	// PackageFiles are the names of the files the generator writes into
	// package directories. Below Options.PruneTrees, every file of such a
	// name is owned too, as a script that deletes them first has it.
	PackageFiles []string
	// NoPrune keeps pruning away from the generator's owned files, which
	// upstream's scripts never delete; verification still names them.
	NoPrune bool
	// Remove are paths a successful run removes, and verification reports
	// while they exist: the files go-to-protobuf --clean deletes.
	Remove []string
	// Roots are the directories the generator was told to write in:
	// package directories and output directories. Every path it writes or
	// removes must lie below one of them, symlinks resolved.
	Roots []string

	prunable []string        // the owned paths pruning may remove, once merged
	only     map[string]bool // of a partial run: the package directories it answers for
	run      *run            // what made it, for the run cache
}

// Add adds files to o, nil ones left out, and owns their paths.
func (o *Output) Add(files ...*output.File) {
	for _, f := range files {
		if f != nil {
			o.Files = append(o.Files, *f)
			o.Owned = append(o.Owned, f.Path)
		}
	}
}

// run is what a run generated from, for the run cache to record once it
// has written: the model, and, when the run was whole, its generators,
// whose package graph it records too.
type run struct {
	m    *model.Model
	gens []*Generator
}

// Options configure one run.
type Options struct {
	Dir        string            // where relative patterns are resolved; "" is the working directory
	Patterns   []string          // packages to generate for
	Nested     bool              // a "dir/..." pattern also takes the modules below dir, as controller-gen's paths= do
	VerifyOnly bool              // compare with disk instead of writing
	Strict     bool              // warnings fail the run, as errors do
	LintRules  []string          // upstream's --lint-rules, checked on the packages the patterns name
	Verbosity  int               // 2 and above logs the time each phase took
	Registry   *markers.Registry // the markers to parse; nil means those of the generators
	Preload    []string          // packages to load as well, if they exist, so that a session can serve later runs
	PruneTrees []string          // directories below which owned files that are no longer generated are removed
	LastWins   bool              // a later generator's file at a path replaces an earlier one's, as on controller-gen's command line; else that is an error
	Select     bool              // give each generator with Selects only its own packages, as upstream's scripts do
	Record     *cache.Record     // if set, collects what the run read and wrote, for the run cache
	Stdout     io.Writer
	Stderr     io.Writer
}

// phase logs how long the phase that began at start took, at -v 2 and above.
func (o Options) phase(name string, start time.Time) {
	if o.Verbosity >= 2 {
		fmt.Fprintf(o.Stderr, "apigen: %s took %v\n", name, time.Since(start).Round(time.Millisecond))
	}
}

// Registry returns a marker registry holding the markers of gens.
func Registry(gens ...*Generator) *markers.Registry {
	reg := &markers.Registry{}
	for _, g := range gens {
		g.Markers(reg)
	}
	return reg
}

// Run loads opts.Patterns once, runs every generator over the result, and
// writes or verifies the files. It returns the process exit status: 0 on
// success, 1 when there were errors or verification found differences.
func Run(opts Options, gens ...*Generator) int {
	out, diags := Generate(opts, gens...)
	return Finish(opts, out, diags)
}

// Finish reports diags, then writes or verifies out unless they hold an
// error (with opts.Strict, a warning counts as one), and returns the exit
// status.
func Finish(opts Options, out Output, diags *diag.List) int {
	if opts.Strict {
		diags.Strict()
	}
	diags.Print(opts.Stderr)
	if diags.HasErrors() {
		return 1
	}
	defer opts.phase("writing", time.Now())
	stale, err := stalePaths(out, opts.PruneTrees)
	stale = out.inPart(stale)
	if err == nil {
		err = output.Contained(append(out.Roots, opts.PruneTrees...), out.Files, stale, out.Remove)
	}
	if err != nil {
		fmt.Fprintln(opts.Stderr, err)
		return 1
	}
	if opts.VerifyOnly {
		ok, err := output.Verify(out.Files, append(out.Owned, stale...), opts.Stdout)
		if err != nil {
			fmt.Fprintln(opts.Stderr, err)
			return 1
		}
		if !ok {
			return 1
		}
		record(opts, out, stale)
		return 0
	}
	if err := output.Write(out.Files, stale, opts.Stderr); err != nil {
		fmt.Fprintln(opts.Stderr, err)
		return 1
	}
	record(opts, out, stale)
	return 0
}

// Generate loads and runs the generators, returning their combined output
// in generator order. Output is meaningful only when diags has no errors.
func Generate(opts Options, gens ...*Generator) (Output, *diag.List) {
	if out, diags, ok := generatePart(opts, gens); ok {
		return out, diags
	}
	// No session: the hand-written files need no stamps for later runs.
	_, m, _, diags := loadModel(opts, gens, true)
	if m == nil {
		return Output{}, diags
	}
	// Problems the model found are reported with the generators' own.
	out := GenerateModel(opts, m, gens, diags)
	out.run.gens = gens
	return out, diags
}

// GenerateModel runs the generators concurrently over m.
func GenerateModel(opts Options, m *model.Model, gens []*Generator, diags *diag.List) Output {
	defer opts.phase("generating", time.Now())
	if len(opts.LintRules) > 0 {
		reg := opts.Registry
		if reg == nil {
			reg = Registry(gens...)
		}
		lint(opts.LintRules, m.Named, m.Fset, reg, diags)
	}
	outs := make([]Output, len(gens))
	var wg sync.WaitGroup
	for i, g := range gens {
		gm := modelFor(opts, m, g)
		wg.Go(func() { outs[i] = g.Generate(gm, diags.For(g.Name)) })
	}
	wg.Wait()
	all := Output{run: &run{m: m}}
	writer := map[string]string{} // path: the generator that writes it
	for i, o := range outs {
		for _, f := range o.Files {
			f.Generator = gens[i].Name
			if other, ok := writer[f.Path]; ok && other != f.Generator && !opts.LastWins {
				diags.Errorf(token.Position{}, "generators %s and %s both write %s", other, f.Generator, f.Path)
			}
			writer[f.Path] = f.Generator
			all.Files = append(all.Files, f)
		}
		all.Owned = append(all.Owned, o.Owned...)
		all.PackageFiles = append(all.PackageFiles, o.PackageFiles...)
		all.Remove = append(all.Remove, o.Remove...)
		all.Roots = append(all.Roots, o.Roots...)
		if !o.NoPrune {
			all.prunable = append(all.prunable, o.Owned...)
		}
	}
	return all
}
