package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// Tools makes the tools apigen generate composes, in the order it runs
// them; each function returns a new tool.
type Tools []func() Tool

func (ts Tools) make() []Tool {
	tools := make([]Tool, len(ts))
	for i, newTool := range ts {
		tools[i] = newTool()
	}
	return tools
}

// Names lists the tools' names, the generators of --generators.
func (ts Tools) Names() []string { return names(ts.make()) }

func names(tools []Tool) []string {
	out := make([]string, len(tools))
	for i, t := range tools {
		out[i] = t.Name()
	}
	return out
}

// Registry returns a registry of the markers of every tool.
func (ts Tools) Registry() *markers.Registry { return registry(ts.make()) }

func registry(tools []Tool) *markers.Registry {
	reg := &markers.Registry{}
	for _, t := range tools {
		t.Define(reg)
	}
	return reg
}

// Generate is a parsed apigen generate.
type Generate struct {
	Options engine.Options
	Session string // directory shared with other apigen processes, or ""
	common  Common
	ran     []built
}

// Generators returns the generators to run, in the tools' order.
func (g *Generate) Generators() []engine.Generator { return generators(g.ran) }

// Finish does the after-run work of the tools that ran, once the run has
// succeeded, and returns the exit status.
func (g *Generate) Finish(stdout, stderr io.Writer) int {
	return finish(g.ran, &g.common, stdout, stderr)
}

// ParseGenerate parses the arguments of apigen generate: the common flags,
// its own, and every tool's flags with the tool's name in front. It makes
// the generators the flags ask for, all of them or those --generators
// names. When it cannot, it has reported why and ok is false; code is then
// the exit status.
func (ts Tools) ParseGenerate(args []string, stdout, stderr io.Writer) (cmd *Generate, code int, ok bool) {
	fs := newFlagSet("apigen generate", stderr)
	cmd = &Generate{}
	cmd.common.Add(fs)
	fs.StringVar(&cmd.Session, "session", "", "share one load with the other apigen processes that name the same directory (used by kube_codegen.sh)")
	preload := fs.StringSlice("preload", nil, "also load these packages, where they exist, for later runs of the session")
	pruneTrees := fs.StringSlice("prune-tree", nil, "remove files below this directory that the run's generators own but no longer generate, as a script that deletes them first would (repeatable)")
	tools := ts.make()
	only := fs.StringSlice("generators", nil, "run only these generators (default: all but protobuf): "+strings.Join(names(tools), ","))
	for _, t := range tools {
		t.Flags(fs, t.Name()+"-")
	}
	cmd.ran, code, ok = parse(fs, args, &cmd.common, stderr, func(header []byte) ([]built, error) {
		ran, err := build(tools, &cmd.common, header, fs.Args())
		if err != nil {
			return nil, err
		}
		return pick(tools, ran, *only)
	})
	if !ok {
		return nil, code, false
	}
	cmd.Options = cmd.common.Options(fs, stdout, stderr)
	in, _ := inputs(cmd.ran)
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
	cmd.Options.Registry = registry(tools)
	return cmd, 0, true
}

// pick keeps, of ran, the tools only names (all of them when it names
// none), and checks that each name is that of a tool the flags asked for.
func pick(tools []Tool, ran []built, only []string) ([]built, error) {
	if len(only) == 0 {
		return slices.DeleteFunc(ran, func(b built) bool {
			o, ok := b.tool.(OptIn)
			return ok && o.OptIn()
		}), nil
	}
	known := names(tools)
	for _, name := range only {
		switch {
		case !slices.Contains(known, name):
			return nil, fmt.Errorf("unknown generator %q; known: %s", name, strings.Join(known, ", "))
		case !slices.ContainsFunc(ran, func(b built) bool { return b.tool.Name() == name }):
			return nil, fmt.Errorf("generator %q needs its output flags (see apigen generate --help)", name)
		}
	}
	return slices.DeleteFunc(ran, func(b built) bool { return !slices.Contains(only, b.tool.Name()) }), nil
}
