// Command apigen runs every generator in one process over one load.
//
//	apigen generate [flags] patterns...   generate (or --verify-only) for the packages
//	apigen vet [-fix] [-json] patterns... report what apigen generate would find, as go/analysis analyzers
//	apigen markers                        list every marker the generators read
//	apigen compat --base REV patterns...  check API compatibility with another revision
//	apigen cache clean                    forget every remembered run and cached type (see package cache)
//	apigen version                        print apigen's version and the upstream versions it reproduces
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/apigen-dev/apigen/analysis"
	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/compat"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/load"
)

const usage = `usage:
  apigen generate [--go-header-file FILE] [--verify-only] [--strict] [-C DIR] [--generators LIST]
                  [--<generator>-<flag> VALUE]... PATTERN...
  apigen docs [--docs-output-dir DIR] [--docs-formats markdown,html] [generate's flags] PATTERN...
  apigen markers
` + analysis.VetUsage + `  apigen cache clean
  apigen version
` + compat.Usage

func main() {
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	engine.ReportStatus(code)
	os.Exit(code)
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "generate":
		return generate(args[1:], stdout, stderr)
	case "docs":
		// The docs generator alone: apigen generate --generators docs.
		return generate(append([]string{"--generators", "docs"}, args[1:]...), stdout, stderr)
	case "vet":
		defer cli.StartProfile(stderr)()
		return analysis.Vet(args[1:], stdout, stderr)
	case "compat":
		return compat.Main(args[1:], all.Specs.Registry(), stdout, stderr)
	case "markers":
		printMarkers(stdout)
		return 0
	case "cache":
		if len(args) != 2 || args[1] != "clean" {
			fmt.Fprint(stderr, usage)
			return 2
		}
		for _, dir := range []string{cache.Dir(), cache.OutputsDir(), load.TypeCacheDir()} {
			if err := cache.Clean(dir); err != nil {
				fmt.Fprintf(stderr, "apigen cache clean: %v\n", err)
				return 1
			}
		}
		return 0
	case "version", "--version":
		fmt.Fprint(stdout, cli.VersionText("apigen"))
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "apigen: unknown command %q\n%s", args[0], usage)
	return 2
}

func generate(args []string, stdout, stderr io.Writer) int {
	defer cli.StartProfile(stderr)()
	defer releaseSession(args)
	rc := cli.OpenRunCache(append([]string{"generate"}, args...))
	if rc.Replay(stdout, stderr) {
		return 0
	}
	stdout, stderr = rc.Tee(stdout, stderr)
	cmd, code, ok := all.Specs.ParseGenerate(args, stdout, stderr)
	if !ok {
		return code
	}
	cmd.Options.Record = rc.Record()
	// A session server could not open this process's descriptors, and
	// the parse has read them already.
	if cmd.Session == "" || processLocal(args) {
		code := engine.Run(cmd.Options, cmd.Generators()...)
		if code == 0 {
			code = cmd.Finish(stdout, stderr)
		}
		rc.Store(code)
		return code
	}
	if code, served := engine.Call(cmd.Session, args, stdout, stderr); served {
		return code
	}
	loaded := time.Now()
	s, m, diags := engine.Open(cmd.Options, cmd.Generators()...)
	if m == nil {
		return engine.Finish(cmd.Options, engine.Output{}, diags)
	}
	code = engine.Finish(cmd.Options, engine.GenerateModel(cmd.Options, m, cmd.Generators(), diags), diags)
	if code == 0 {
		code = cmd.Finish(stdout, stderr)
	}
	rc.Store(code)
	if code == 0 {
		serveSession(cmd.Session, s, code, loaded)
	}
	return code
}

// releaseSession removes the session directory that args name if it is
// empty: no server holds it, so nothing else would. A serving process has
// removed it already, and a live server's socket keeps it.
func releaseSession(args []string) {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		switch name, dir, ok := strings.Cut(strings.TrimLeft(a, "-"), "="); {
		case name != "session":
		case ok:
			os.Remove(dir)
		case i+1 < len(args):
			os.Remove(args[i+1])
		}
	}
}

// processLocal reports whether an argument names a file only this process
// can open, such as the /dev/fd/63 of a shell's <(command).
func processLocal(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		_, v, ok := strings.Cut(a, "=")
		if !ok {
			v = a
		}
		return v == "/dev/stdin" || strings.HasPrefix(v, "/dev/fd/") || strings.HasPrefix(v, "/proc/self/")
	})
}

// serveSession tells the waiting script the run's exit status, lets go of
// its output, and serves later runs from the same load, made at loaded,
// until it idles.
func serveSession(dir string, s *engine.Session, code int, loaded time.Time) {
	if !engine.Detach(code) {
		return
	}
	engine.Serve(dir, sessionIdle(), func(args []string, stdout, stderr io.Writer) (int, bool) {
		rc := cli.OpenRunCache(append([]string{"generate"}, args...))
		stdout, stderr = rc.Tee(stdout, stderr)
		cmd, code, ok := all.Specs.ParseGenerate(args, stdout, stderr)
		if !ok {
			return code, true
		}
		cmd.Options.Record = rc.Record()
		cmd.Options.Record.Loaded(loaded)
		out, diags, served := s.Generate(cmd.Options, cmd.Generators()...)
		if !served {
			return 0, false
		}
		code = engine.Finish(cmd.Options, out, diags)
		if code == 0 {
			code = cmd.Finish(stdout, stderr)
		}
		rc.Store(code)
		return code, true
	})
}

// sessionIdle is how long a session server waits for another run.
func sessionIdle() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("APIGEN_SESSION_IDLE")); err == nil {
		return d
	}
	return 15 * time.Second
}

func printMarkers(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, d := range all.Specs.Registry().Definitions() {
		fmt.Fprintf(tw, "+%s=%s\t%s\t%s\n", d.Name, d.Value, d.Place, d.Help)
	}
	tw.Flush()
}
