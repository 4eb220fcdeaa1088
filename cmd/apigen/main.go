// Command apigen runs every generator in one process over one load.
//
//	apigen generate [flags] patterns...   generate (or --verify-only) for the packages
//	apigen markers                        list every marker the generators read
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/generators/defaulter"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/generators/openapi"
	"github.com/apigen-dev/apigen/generators/openapijson"
	"github.com/apigen-dev/apigen/generators/prerelease"
	"github.com/apigen-dev/apigen/generators/register"
	"github.com/apigen-dev/apigen/load"
)

const usage = `usage:
  apigen generate [--go-header-file FILE] [--verify-only] [--strict] [-C DIR] [--generators LIST]
                  [--<generator>-<flag> VALUE]... PATTERN...
  apigen markers
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "generate":
		return generate(args[1:], stdout, stderr)
	case "markers":
		printMarkers(stdout)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "apigen: unknown command %q\n%s", args[0], usage)
	return 2
}

// generateCommand is a parsed `apigen generate`.
type generateCommand struct {
	opts    engine.Options
	gens    []engine.Generator
	session string // directory shared with other apigen processes, or ""
	// finish runs after a successful run: it writes openapi-gen's report.
	finish func(verify bool, stdout, stderr io.Writer) int
}

// parseGenerate parses the arguments of `apigen generate`. When it cannot,
// it has reported why; code is then the exit status.
func parseGenerate(args []string, stdout, stderr io.Writer) (cmd generateCommand, code int, ok bool) {
	fs := pflag.NewFlagSet("apigen generate", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	fs.StringVar(&cmd.session, "session", "", "share one load with the other apigen processes that name the same directory (used by kube_codegen.sh)")
	preload := fs.StringSlice("preload", nil, "also load these packages, where they exist, for later runs of the session")
	pruneTrees := fs.StringSlice("prune-tree", nil, "remove files below this directory that the run's generators own but no longer generate, as a script that deletes them first would (repeatable)")
	only := fs.StringSlice("generators", nil, "run only these generators (default: all): "+strings.Join(generatorNames, ","))
	deepcopyFile := fs.String("deepcopy-output-file", "zz_generated.deepcopy.go", "file name for DeepCopy methods in each package")
	registerFile := fs.String("register-output-file", "zz_generated.register.go", "file name for scheme registration in each package")
	prereleaseFile := fs.String("prerelease-lifecycle-output-file", "zz_generated.prerelease-lifecycle.go", "file name for APILifecycle methods in each package")
	defaultsFile := fs.String("defaulter-output-file", "zz_generated.defaults.go", "file name for defaulters in each package")
	defaultsPeers := fs.StringSlice("defaulter-extra-peer-dirs", nil, "import paths whose SetDefaults_ functions defaulters also call")
	conv := &conversion.Generator{BuildTag: load.BuildTag}
	fs.StringVar(&conv.OutputFile, "conversion-output-file", "zz_generated.conversion.go", "file name for conversion functions in each package")
	fs.StringSliceVar(&conv.BasePeerDirs, "conversion-base-peer-dirs", slices.Clone(conversion.DefaultBasePeerDirs), "import paths searched for conversions after the markers' peer packages")
	fs.StringSliceVar(&conv.ExtraPeerDirs, "conversion-extra-peer-dirs", nil, "import paths searched for conversions after --conversion-base-peer-dirs")
	oa := &openapi.Generator{}
	fs.StringVar(&oa.OutputDir, "openapi-output-dir", "", "directory of the OpenAPI definitions; openapi-gen runs when it is set")
	fs.StringVar(&oa.OutputPkg, "openapi-output-pkg", "", "import path of --openapi-output-dir")
	fs.StringVar(&oa.OutputFile, "openapi-output-file", "zz_generated.openapi.go", "file name of the OpenAPI definitions")
	report := fs.String("openapi-report-filename", "", `file for the API rule violations ("-" is standard output); none if empty`)
	modelNames := &modelname.Generator{}
	fs.StringVar(&modelNames.OutputFile, "model-name-output-file", "", "file name for OpenAPIModelName methods in each package marked +k8s:openapi-model-package; none if empty")
	fs.StringSliceVar(&modelNames.ReadOnly, "model-name-readonly-pkg", nil, "packages read but never written to (repeatable)")
	doc := &openapijson.Generator{Title: "Kubernetes", Version: "unversioned"}
	fs.StringVar(&doc.OutputFile, "openapi-json-output-file", "", "write the OpenAPI v3 document of the definitions, validated, to this file")
	var clients clientFlags
	clients.add(fs)
	cmd.finish = func(verify bool, stdout, stderr io.Writer) int {
		if oa.OutputDir == "" || *report == "" {
			return 0
		}
		return openapi.WriteReport(common.ResolveFile(*report), oa.Report, verify, stdout, stderr)
	}
	cmd.gens, code, ok = cli.Parse(fs, args, &common, stderr, func(header []byte) ([]engine.Generator, error) {
		conv.Header = header
		all := map[string]engine.Generator{
			"deepcopy":             &deepcopy.Generator{OutputFile: *deepcopyFile, Header: header},
			"defaulter":            &defaulter.Generator{OutputFile: *defaultsFile, Header: header, ExtraPeerDirs: *defaultsPeers},
			"conversion":           conv,
			"register":             &register.Generator{OutputFile: *registerFile, Header: header},
			"prerelease-lifecycle": &prerelease.Generator{OutputFile: *prereleaseFile, Header: header},
		}
		// These write where they are told, so they run only when told.
		if oa.OutputDir != "" {
			oa.OutputDir, oa.Header = common.ResolveFile(oa.OutputDir), header
			all["openapi"] = oa
		}
		if modelNames.OutputFile != "" {
			modelNames.Header = header
			all["model-name"] = modelNames
		}
		if doc.OutputFile != "" {
			doc.OutputFile = common.ResolveFile(doc.OutputFile)
			all["openapi-json"] = doc
		}
		if err := clients.build(all, &common, header, fs.Args()); err != nil {
			return nil, err
		}
		return pick(all, *only)
	})
	cmd.opts = common.Options(fs, stdout, stderr)
	cmd.opts.Patterns = clients.patterns(cmd.opts.Patterns)
	cmd.opts.Preload = *preload
	for _, t := range *pruneTrees {
		abs, err := common.Abs(t)
		if err != nil {
			fmt.Fprintf(stderr, "apigen generate: --prune-tree %s: %v\n", t, err)
			return cmd, 2, false
		}
		cmd.opts.PruneTrees = append(cmd.opts.PruneTrees, abs)
	}
	// Each generator takes the packages upstream's scripts would give it.
	cmd.opts.Select = true
	// Every run parses every generator's markers, so that one load can
	// serve runs of different generators.
	cmd.opts.Registry = engine.Registry(allGenerators()...)
	return cmd, code, ok
}

func generate(args []string, stdout, stderr io.Writer) int {
	cmd, code, ok := parseGenerate(args, stdout, stderr)
	if !ok {
		return code
	}
	// A session server could not open this process's descriptors, and
	// the parse has read them already.
	if cmd.session == "" || processLocal(args) {
		if code := engine.Run(cmd.opts, cmd.gens...); code != 0 {
			return code
		}
		return cmd.finish(cmd.opts.VerifyOnly, stdout, stderr)
	}
	if code, served := engine.Call(cmd.session, args, stdout, stderr); served {
		return code
	}
	s, m, diags := engine.Open(cmd.opts, cmd.gens...)
	if m == nil {
		return engine.Finish(cmd.opts, engine.Output{}, diags)
	}
	code = engine.Finish(cmd.opts, engine.GenerateModel(cmd.opts, m, cmd.gens, diags), diags)
	if code == 0 {
		code = cmd.finish(cmd.opts.VerifyOnly, stdout, stderr)
	}
	if code == 0 {
		serveSession(cmd.session, s, code)
	}
	return code
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
// its output, and serves later runs from the same load until it idles.
func serveSession(dir string, s *engine.Session, code int) {
	if !engine.Detach(dir, code) {
		return
	}
	engine.Serve(dir, sessionIdle(), func(args []string, stdout, stderr io.Writer) (int, bool) {
		cmd, code, ok := parseGenerate(args, stdout, stderr)
		if !ok {
			return code, true
		}
		out, diags, served := s.Generate(cmd.opts, cmd.gens...)
		if !served {
			return 0, false
		}
		if code := engine.Finish(cmd.opts, out, diags); code != 0 {
			return code, true
		}
		return cmd.finish(cmd.opts.VerifyOnly, stdout, stderr), true
	})
}

// sessionIdle is how long a session server waits for another run.
func sessionIdle() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("APIGEN_SESSION_IDLE")); err == nil {
		return d
	}
	return 15 * time.Second
}

// generatorNames lists the generators apigen runs, in the order it runs them.
var generatorNames = []string{"deepcopy", "defaulter", "conversion", "register", "prerelease-lifecycle", "model-name", "openapi", "openapi-json",
	"applyconfiguration", "client", "lister", "informer"}

// pick returns the generators named in only, or all that can run.
func pick(all map[string]engine.Generator, only []string) ([]engine.Generator, error) {
	var gens []engine.Generator
	for _, name := range generatorNames {
		if g := all[name]; g != nil && (len(only) == 0 || slices.Contains(only, name)) {
			gens = append(gens, g)
		}
	}
	for _, name := range only {
		switch {
		case !slices.Contains(generatorNames, name):
			return nil, fmt.Errorf("unknown generator %q; known: %s", name, strings.Join(generatorNames, ", "))
		case all[name] == nil:
			return nil, fmt.Errorf("generator %q needs its output flags (see apigen generate --help)", name)
		}
	}
	return gens, nil
}

// allGenerators lists one of each generator, for the marker listing.
func allGenerators() []engine.Generator {
	return []engine.Generator{&deepcopy.Generator{}, &defaulter.Generator{}, &conversion.Generator{}, &register.Generator{}, &prerelease.Generator{},
		&modelname.Generator{}, &openapi.Generator{}, &openapijson.Generator{},
		&applyconfig.Generator{}, &client.Generator{}, &lister.Generator{}, &informer.Generator{}}
}

func printMarkers(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, d := range engine.Registry(allGenerators()...).Definitions() {
		fmt.Fprintf(tw, "+%s=%s\t%s\t%s\n", d.Name, d.Value, d.Place, d.Help)
	}
	tw.Flush()
}
