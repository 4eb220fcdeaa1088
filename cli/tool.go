package cli

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// Spec declares one generator: its names, its markers, its flags and how
// they make it. It is the core of its upstream-named command, and one of
// the generators of apigen generate. A new generator is one package with
// its Spec and one line in generators/all.
type Spec struct {
	// Name is the generator's name in --generators and, followed by "-",
	// the prefix of its flags in apigen generate.
	Name string
	// Command is the upstream command it replaces, such as "deepcopy-gen";
	// "" when there is none.
	Command string
	// Doc says in one line what it generates, for help.
	Doc string
	// OptIn: apigen generate runs it only when --generators names it,
	// because running it by default would surprise (go-to-protobuf also
	// rewrites the Go sources' struct tags).
	OptIn bool
	// Markers declares the markers it reads and claims its name spaces.
	Markers func(reg *markers.Registry)
	// Flags declares its flags on fs, each name after prefix; with ""
	// (see Own), upstream's flags and defaults. It returns the function
	// that makes the generator once the flags are parsed.
	Flags func(fs *pflag.FlagSet, prefix string) Build
}

// Build checks the parsed flags and makes the generator for the command's
// arguments, patterns. It returns nil, and no error, when the flags do not
// ask for it.
type Build func(c *Common, header []byte, patterns []string) (*engine.Generator, error)

// Specs are the generators of a command, in the order it runs them.
type Specs []*Spec

// Check reports what makes specs unusable together: a name given twice,
// or a spec without its required parts. It is a programming error.
func (ss Specs) Check() error {
	var errs []error
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case s.Name == "" || s.Markers == nil || s.Flags == nil:
			errs = append(errs, fmt.Errorf("generator %q: a spec needs Name, Markers and Flags", s.Name))
		case seen[s.Name]:
			errs = append(errs, fmt.Errorf("generator %q is declared twice", s.Name))
		}
		seen[s.Name] = true
	}
	return errors.Join(errs...)
}

// Names lists the specs' names, the generators of --generators.
func (ss Specs) Names() []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Name
	}
	return out
}

// Registry returns a registry of the markers of every spec.
func (ss Specs) Registry() *markers.Registry {
	reg := &markers.Registry{}
	for _, s := range ss {
		s.Markers(reg)
	}
	return reg
}

// flags declares every spec's flags on fs, each with prefix(spec) in front.
func (ss Specs) flags(fs *pflag.FlagSet, prefix func(*Spec) string) []Build {
	builds := make([]Build, len(ss))
	for i, s := range ss {
		builds[i] = s.Flags(fs, prefix(s))
	}
	return builds
}

// build makes the generators the specs' flags ask for, in the specs'
// order, and reports the flag problems of every spec together.
func (ss Specs) build(builds []Build, c *Common, header []byte, patterns []string) ([]*engine.Generator, error) {
	var out []*engine.Generator
	var errs []error
	for i, b := range builds {
		g, err := b(c, header, patterns)
		switch {
		case err != nil:
			errs = append(errs, err)
		case g != nil:
			g.Name = ss[i].Name
			if g.Markers == nil {
				g.Markers = ss[i].Markers
			}
			out = append(out, g)
		}
	}
	return out, errors.Join(errs...)
}

// inputs returns the packages the generators name, once each, and whether
// one of them names any.
func inputs(gens []*engine.Generator) ([]string, bool) {
	var out []string
	found := false
	for _, g := range gens {
		if g.Inputs != nil {
			found = true
		}
		for _, p := range g.Inputs {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out, found
}

// finish does the generators' work after a successful run, stopping at
// the first failure.
func finish(gens []*engine.Generator, stdout, stderr io.Writer) int {
	for _, g := range gens {
		if g.Finish != nil {
			if code := g.Finish(stdout, stderr); code != 0 {
				return code
			}
		}
	}
	return 0
}

// Command runs specs as their upstream command (the first's Command), with
// their flags unprefixed, over one load, and returns the exit status.
func Command(args []string, stdout, stderr io.Writer, specs ...*Spec) int {
	name := specs[0].Command
	if PrintVersion(name, args, stdout) {
		return 0
	}
	defer StartProfile(stderr)()
	rc := OpenRunCache(append([]string{name}, args...))
	if rc.Replay(stdout, stderr) {
		return 0
	}
	stdout, stderr = rc.Tee(stdout, stderr)
	fs := newFlagSet(name, stderr)
	var c Common
	c.Add(fs)
	ss := Specs(specs)
	builds := ss.flags(fs, func(*Spec) string { return "" })
	gens, code, ok := parse(fs, args, &c, stderr, func(header []byte) ([]*engine.Generator, error) {
		return ss.build(builds, &c, header, fs.Args())
	})
	if !ok {
		return code
	}
	opts := c.Options(fs, stdout, stderr)
	if in, ok := inputs(gens); ok {
		opts.Patterns = in
	}
	opts.Record = rc.Record()
	code = engine.Run(opts, gens...)
	if code == 0 {
		code = finish(gens, stdout, stderr)
	}
	rc.Store(code)
	return code
}

// Flagged is a generator's command line that keeps its flags' values:
// Flags declares them, Generator builds from them once parsed.
type Flagged interface {
	Flags(fs *pflag.FlagSet, prefix string)
	Generator(c *Common, header []byte, patterns []string) (*engine.Generator, error)
}

// FlagsOf are the Flags of a generator whose command line is a T, made
// new for every parse.
func FlagsOf[T any, P interface {
	*T
	Flagged
}]() func(*pflag.FlagSet, string) Build {
	return func(fs *pflag.FlagSet, prefix string) Build {
		t := P(new(T))
		t.Flags(fs, prefix)
		return t.Generator
	}
}

// FileFlags are the Flags of a generator whose one flag is the name of
// the file it writes into each package (see OutputFile): upstream is the
// name upstream's command defaults to, script the one kube_codegen.sh
// gives. newGen makes the generator for a file name and header.
func FileFlags(upstream, script, help string, newGen func(file string, header []byte) *engine.Generator) func(*pflag.FlagSet, string) Build {
	return func(fs *pflag.FlagSet, prefix string) Build {
		var file string
		OutputFile(fs, &file, prefix, upstream, script, help)
		return func(_ *Common, header []byte, _ []string) (*engine.Generator, error) {
			return newGen(file, header), nil
		}
	}
}
