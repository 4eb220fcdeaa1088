package cli

import (
	"errors"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// Tool is one generator as the command line sees it: the flags that
// configure it, and the generator they make. A tool is the core of its
// upstream-named command, and one of the generators of apigen generate.
// A Tool holds the values of its flags, so each parse needs a new one.
type Tool interface {
	// Name is the generator's name in --generators and, followed by "-",
	// the prefix of its flags in apigen generate.
	Name() string
	// Define declares the markers the generator reads.
	Define(reg *markers.Registry)
	// Flags declares the tool's flags on fs, each name after prefix; with
	// "" (see Own), upstream's flags and defaults.
	Flags(fs *pflag.FlagSet, prefix string)
	// Generator checks the parsed flags and makes the generator for the
	// command's arguments, patterns. It returns nil, and no error, when the
	// flags do not ask for it.
	Generator(c *Common, header []byte, patterns []string) (engine.Generator, error)
}

// Inputs is a Tool whose flags name packages of their own, as client-gen's
// --input does. Asked once Generator has made the generator, it returns
// them as patterns: apigen generate loads them too, and the tool's own
// command loads them instead of its arguments.
type Inputs interface {
	Inputs() []string
}

// OptIn is a Tool that apigen generate runs only when --generators names
// it, because running it by default would surprise: go-to-protobuf also
// rewrites the Go sources' struct tags.
type OptIn interface {
	OptIn() bool
}

// Finisher is a Tool with work after a successful run, such as writing
// openapi-gen's API rule violations. It returns the exit status.
type Finisher interface {
	Finish(c *Common, stdout, stderr io.Writer) int
}

// built is a tool whose flags asked for a generator, and that generator.
type built struct {
	tool Tool
	gen  engine.Generator
}

// build makes the generators the tools' flags ask for, in the tools'
// order, and reports the flag problems of every tool together.
func build(tools []Tool, c *Common, header []byte, patterns []string) ([]built, error) {
	var out []built
	var errs []error
	for _, t := range tools {
		g, err := t.Generator(c, header, patterns)
		switch {
		case err != nil:
			errs = append(errs, err)
		case g != nil:
			out = append(out, built{t, g})
		}
	}
	return out, errors.Join(errs...)
}

func generators(ran []built) []engine.Generator {
	gens := make([]engine.Generator, len(ran))
	for i, b := range ran {
		gens[i] = b.gen
	}
	return gens
}

// inputs returns the packages the Inputs among ran name, once each, and
// whether there is such a tool.
func inputs(ran []built) ([]string, bool) {
	var out []string
	found := false
	for _, b := range ran {
		if in, ok := b.tool.(Inputs); ok {
			found = true
			for _, p := range in.Inputs() {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out, found
}

// finish runs the Finishers among ran, stopping at the first failure.
func finish(ran []built, c *Common, stdout, stderr io.Writer) int {
	for _, b := range ran {
		if f, ok := b.tool.(Finisher); ok {
			if code := f.Finish(c, stdout, stderr); code != 0 {
				return code
			}
		}
	}
	return 0
}

// Command runs tools as the upstream-named command name, with their flags
// unprefixed, over one load, and returns the exit status.
func Command(name string, args []string, stdout, stderr io.Writer, tools ...Tool) int {
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
	for _, t := range tools {
		t.Flags(fs, "")
	}
	ran, code, ok := parse(fs, args, &c, stderr, func(header []byte) ([]built, error) {
		return build(tools, &c, header, fs.Args())
	})
	if !ok {
		return code
	}
	opts := c.Options(fs, stdout, stderr)
	if in, ok := inputs(ran); ok {
		opts.Patterns = in
	}
	opts.Record = rc.Record()
	code = engine.Run(opts, generators(ran)...)
	if code == 0 {
		code = finish(ran, &c, stdout, stderr)
	}
	rc.Store(code)
	return code
}

// FileTool is a Tool whose one flag is the name of the file its generator
// writes into each package (see OutputFile).
type FileTool struct {
	ToolName string // Name
	Upstream string // the file name upstream's command defaults to
	Script   string // the file name kube_codegen.sh gives, apigen's default
	Help     string // help of the flag in apigen generate
	// New makes the generator for a file name and header.
	New func(file string, header []byte) engine.Generator

	file string
}

func (t *FileTool) Name() string                 { return t.ToolName }
func (t *FileTool) Define(reg *markers.Registry) { t.New("", nil).Define(reg) }

func (t *FileTool) Flags(fs *pflag.FlagSet, prefix string) {
	OutputFile(fs, &t.file, prefix, t.Upstream, t.Script, t.Help)
}

func (t *FileTool) Generator(_ *Common, header []byte, _ []string) (engine.Generator, error) {
	return t.New(t.file, header), nil
}
