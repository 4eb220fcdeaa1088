// Package cli holds the flag handling that the commands share: the common
// flags, the Spec each generator declares, and the two ways tools are run,
// one upstream-named command (Command) and apigen generate (Specs).
package cli

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"k8s.io/klog/v2"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/output"
)

// Common are the flags every generator command takes.
type Common struct {
	GoHeaderFile string
	VerifyOnly   bool
	Strict       bool
	Dir          string
	Verbosity    int
	LintRules    []string // upstream's tag lint rules (engine.LintRules)
}

// Add registers the common flags on fs.
func (c *Common) Add(fs *pflag.FlagSet) {
	fs.StringVar(&c.GoHeaderFile, "go-header-file", "", "file with the boilerplate header for generated files; \"YEAR\" becomes the current year")
	fs.BoolVar(&c.VerifyOnly, "verify-only", false, "write nothing; exit 1 and show a diff if any generated file is missing, stale or extra")
	fs.BoolVar(&c.Strict, "strict", false, "treat warnings as errors: exit 1 and write nothing")
	fs.StringVarP(&c.Dir, "chdir", "C", "", "run as if started in this directory")
	fs.IntVarP(&c.Verbosity, "v", "v", 0, "log verbosity (accepted for compatibility, as are klog's other flags)")
	fs.StringSliceVar(&c.LintRules, "lint-rules", nil, "comma-separated tag lint rules to enforce on the input packages' doc.go: "+strings.Join(engine.LintRules, ", "))
	addKlogFlags(fs)
}

// addKlogFlags registers klog's flags (--logtostderr, --log_dir, ...),
// which upstream's commands take because their mains register them;
// Makefiles pass them. They are left out of the help.
func addKlogFlags(fs *pflag.FlagSet) {
	gofs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(gofs)
	gofs.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) == nil {
			fs.AddGoFlag(f)
			fs.MarkHidden(f.Name)
		}
	})
}

// check rejects flag values upstream rejects before it reads anything.
func (c *Common) check(fs *pflag.FlagSet) error {
	if err := checkRequired(fs); err != nil {
		return err
	}
	for _, r := range c.LintRules {
		if !slices.Contains(engine.LintRules, r) {
			return fmt.Errorf("unknown rule %q in --lint-rules", r)
		}
	}
	return nil
}

// Header reads the --go-header-file, relative to --chdir if given.
func (c *Common) Header() ([]byte, error) {
	path := c.GoHeaderFile
	if path != "" {
		path = c.Resolve(path)
	}
	return output.ReadHeader(path)
}

// Resolve makes a relative path relative to --chdir, if given.
func (c *Common) Resolve(p string) string {
	if c.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.Dir, p)
}

// ResolveFile is Resolve for a file flag where "-" is a standard stream.
func (c *Common) ResolveFile(p string) string {
	if p == "-" {
		return p
	}
	return c.Resolve(p)
}

// Abs is Resolve, then made absolute against the working directory.
func (c *Common) Abs(p string) (string, error) {
	return filepath.Abs(c.Resolve(p))
}

// Options are the engine options of the parsed flags.
func (c *Common) Options(fs *pflag.FlagSet, stdout, stderr io.Writer) engine.Options {
	return engine.Options{
		Dir:        c.Dir,
		Patterns:   fs.Args(),
		VerifyOnly: c.VerifyOnly,
		Strict:     c.Strict,
		LintRules:  c.LintRules,
		Verbosity:  c.Verbosity,
		Stdout:     stdout,
		Stderr:     stderr,
	}
}

// newFlagSet returns an empty flag set for the command name that reports
// its problems on stderr.
func newFlagSet(name string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args and makes the generators with build. When it cannot,
// it has reported why and ok is false; code is then the exit status.
func parse(fs *pflag.FlagSet, args []string, c *Common, stderr io.Writer, build func(header []byte) ([]*engine.Generator, error)) (gens []*engine.Generator, code int, ok bool) {
	fail := func(code int, err error) ([]*engine.Generator, int, bool) {
		for _, line := range strings.Split(err.Error(), "\n") { // errors.Join's, one a line
			fmt.Fprintf(stderr, "%s: %s\n", fs.Name(), line)
		}
		return nil, code, false
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return nil, 0, false
		}
		return fail(2, err)
	}
	if err := c.check(fs); err != nil {
		return fail(2, err)
	}
	header, err := c.Header()
	if err != nil {
		return fail(1, err)
	}
	if gens, err = build(header); err != nil {
		return fail(2, err)
	}
	return gens, 0, true
}
