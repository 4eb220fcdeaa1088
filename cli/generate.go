package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/engine"
)

// Generate is a parsed apigen generate.
type Generate struct {
	Options engine.Options
	Session string // directory shared with other apigen processes, or ""
	common  Common
	gens    []*engine.Generator
}

// Generators returns the generators to run, in the specs' order.
func (g *Generate) Generators() []*engine.Generator { return g.gens }

// Finish does the after-run work of the generators that ran, once the run
// has succeeded, and returns the exit status.
func (g *Generate) Finish(stdout, stderr io.Writer) int {
	return finish(g.gens, stdout, stderr)
}

// ParseGenerate parses the arguments of apigen generate: the common flags,
// its own, and every tool's flags with the tool's name in front. It makes
// the generators the flags ask for, all of them or those --generators
// names. When it cannot, it has reported why and ok is false; code is then
// the exit status.
func (ss Specs) ParseGenerate(args []string, stdout, stderr io.Writer) (cmd *Generate, code int, ok bool) {
	fs := newFlagSet("apigen generate", stderr)
	cmd = &Generate{}
	cmd.common.Add(fs)
	fs.StringVar(&cmd.Session, "session", "", "share one load with the other apigen processes that name the same directory (used by kube_codegen.sh)")
	preload := fs.StringSlice("preload", nil, "also load these packages, where they exist, for later runs of the session")
	pruneTrees := fs.StringSlice("prune-tree", nil, "remove files below this directory that the run's generators own but no longer generate, as a script that deletes them first would (repeatable)")
	only := fs.StringSlice("generators", nil, "run only these generators (default: all but protobuf): "+strings.Join(ss.Names(), ","))
	builds := ss.flags(fs, func(s *Spec) string { return s.Name + "-" })
	cmd.gens, code, ok = parse(fs, args, &cmd.common, stderr, func(header []byte) ([]*engine.Generator, error) {
		gens, err := ss.build(builds, &cmd.common, header, fs.Args())
		if err != nil {
			return nil, err
		}
		return ss.pick(gens, *only)
	})
	if !ok {
		return nil, code, false
	}
	cmd.Options = cmd.common.Options(fs, stdout, stderr)
	in, _ := inputs(cmd.gens)
	for _, p := range in {
		if !slices.Contains(cmd.Options.Patterns, p) {
			cmd.Options.Patterns = append(cmd.Options.Patterns, p)
		}
	}
	cmd.Options.Preload = *preload
	for _, t := range *pruneTrees {
		abs, err := cmd.common.Abs(t)
		if err != nil {
			fmt.Fprintf(stderr, "apigen generate: --prune-tree %s: %v\n", t, err)
			return nil, 2, false
		}
		cmd.Options.PruneTrees = append(cmd.Options.PruneTrees, abs)
	}
	// Each generator takes the packages upstream's scripts would give it.
	cmd.Options.Select = true
	// Every run parses every generator's markers, so that one load can
	// serve runs of different generators.
	cmd.Options.Registry = ss.Registry()
	return cmd, 0, true
}

// pick keeps, of gens, those only names (all but the opt-in ones when it
// names none), and checks that each name is that of a generator the flags
// asked for.
func (ss Specs) pick(gens []*engine.Generator, only []string) ([]*engine.Generator, error) {
	if len(only) == 0 {
		return slices.DeleteFunc(gens, func(g *engine.Generator) bool { return ss.spec(g.Name).OptIn }), nil
	}
	known := ss.Names()
	for _, name := range only {
		switch {
		case !slices.Contains(known, name):
			return nil, fmt.Errorf("unknown generator %q; known: %s", name, strings.Join(known, ", "))
		case !slices.ContainsFunc(gens, func(g *engine.Generator) bool { return g.Name == name }):
			return nil, fmt.Errorf("generator %q needs its output flags (see apigen generate --help)", name)
		}
	}
	return slices.DeleteFunc(gens, func(g *engine.Generator) bool { return !slices.Contains(only, g.Name) }), nil
}

// spec returns the spec named name.
func (ss Specs) spec(name string) *Spec {
	i := slices.IndexFunc(ss, func(s *Spec) bool { return s.Name == name })
	return ss[i]
}
