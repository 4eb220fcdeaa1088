// Command controller-gen runs controller-gen's crd, rbac, webhook, object
// and schemapatch generators with controller-gen's command line: generators
// given as "crd:opt=value,...", "rbac:roleName=...", "webhook",
// "object:headerFile=...", "schemapatch:manifests=...",
// inputs as "paths=./...", output rules as "output:<generator>:<rule>" or
// "output:<rule>", plus --verify-only and --strict; -w lists the markers
// the generators read and -h the options, in controller-gen's layout.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/crd"
	_ "github.com/apigen-dev/apigen/internal/cel" // the API server's checks, in process
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/output"
)

func main() {
	// A run is short and most of its heap stays live to the end: letting
	// the heap grow tenfold between collections saves a fifth of the CPU
	// time on cluster-api (about 600 MB at the peak there).
	debug.SetGCPercent(1000)
	stop := cli.StartProfile(os.Stderr)
	code := run(os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// outputRule is where one generator writes: a directory for everything
// ("dir"), a directory for manifests with code beside the packages or in
// code ("artifacts"), stdout or nowhere.
type outputRule struct {
	dir  string
	code string
	mode string // "dir", "artifacts", "stdout" or "none"
}

// generator is one generator named on the command line.
type generator struct {
	name  string
	gen   *engine.Generator
	patch *crd.SchemaPatchGenerator // of schemapatch
	// place tells the generator where to write.
	place func(dir string)
}

var generatorNames = []string{"crd", "rbac", "webhook", "object", "schemapatch"}

func run(args []string, stdout, stderr io.Writer) int {
	which, detail, version, args := helpFlags(args)
	switch {
	case version:
		fmt.Fprintf(stdout, "Version: %s\n", crd.Version)
		fmt.Fprint(stderr, cli.VersionText("controller-gen")) // stdout stays upstream's, which Makefiles grep
		return 0
	case detail > 0:
		printUsage(stderr, detail)
		return 0
	case which > 0:
		printMarkers(stdout, stderr, which, args)
		return 0
	}
	// paths= load as controller-tools' loader does: each directory in the
	// module that holds it, and "dir/..." with the modules below dir.
	opts := engine.Options{Stdout: stdout, Stderr: stderr, Nested: true}
	var gens []*generator
	rules := map[string]*outputRule{}
	var defaultRule *outputRule
	for _, a := range args {
		var err error
		name, rest, _ := strings.Cut(a, ":")
		switch {
		case a == "--verify-only":
			opts.VerifyOnly = true
		case a == "--strict":
			opts.Strict = true
		case strings.HasPrefix(a, "paths="):
			var paths []string
			paths, err = markers.Strings(strings.TrimPrefix(a, "paths="))
			opts.Patterns = append(opts.Patterns, paths...)
		case slices.Contains(generatorNames, name):
			var g *generator
			g, err = newGenerator(name, rest)
			if err == nil && slices.ContainsFunc(gens, func(o *generator) bool { return o.name == name }) {
				err = fmt.Errorf("multiple instances of '%s' generator specified", name)
			}
			gens = append(gens, g)
		case name == "output":
			gen, ruleText, _ := strings.Cut(rest, ":")
			var r *outputRule
			if slices.Contains(generatorNames, gen) {
				r, err = parseRule(ruleText)
				rules[gen] = r
			} else {
				defaultRule, err = parseRule(rest)
			}
		default:
			err = fmt.Errorf("unknown option %q", a)
		}
		if err != nil {
			fmt.Fprintf(stderr, "controller-gen: %v\n", err)
			return 1
		}
	}
	if len(gens) == 0 {
		fmt.Fprintln(stderr, "controller-gen: no generator given (use crd, rbac, webhook, object or schemapatch)")
		return 1
	}
	return generate(opts, gens, rules, defaultRule)
}

// generate runs the generators in one load. Files of generators whose
// rule is stdout or none are generated below a private directory, then
// printed or dropped.
func generate(opts engine.Options, gens []*generator, rules map[string]*outputRule, defaultRule *outputRule) int {
	hidden := map[string]string{} // private directory -> mode
	orderSchemaPatch(gens)
	var all []*engine.Generator
	for _, g := range gens {
		r := rules[g.name]
		if r == nil {
			r = defaultRule
		}
		if r == nil {
			r = &outputRule{dir: filepath.Join("config", g.name), mode: "artifacts"}
		}
		switch {
		case r.mode == "stdout" || r.mode == "none":
			tmp := filepath.Join(os.TempDir(), fmt.Sprintf("controller-gen-%d-%s", os.Getpid(), g.name))
			hidden[tmp] = r.mode
			g.place(tmp)
		case g.name == "object" && r.mode == "artifacts":
			g.place(abs(r.code))
		default:
			g.place(abs(r.dir))
		}
		all = append(all, g.gen)
	}
	opts.LastWins = true
	out, diags := engine.Generate(opts, all...)
	var printed []output.File
	kept := out.Files[:0]
	for _, f := range lastWins(out.Files) {
		dir := hiddenDir(hidden, f.Path)
		switch {
		case dir == "":
			kept = append(kept, f)
		case hidden[dir] == "stdout":
			printed = append(printed, f)
		}
	}
	out.Files = kept
	code := engine.Finish(opts, out, diags)
	if diags.HasErrors() {
		return code
	}
	sort.SliceStable(printed, func(i, j int) bool { return printed[i].Path < printed[j].Path })
	for _, f := range printed {
		opts.Stdout.Write(f.Data)
	}
	return code
}

func hiddenDir(hidden map[string]string, path string) string {
	for dir := range hidden {
		if strings.HasPrefix(path, dir+string(filepath.Separator)) {
			return dir
		}
	}
	return ""
}

func abs(dir string) string {
	if dir == "" {
		return ""
	}
	if a, err := filepath.Abs(dir); err == nil {
		return a
	}
	return dir
}

// newGenerator reads one generator's options.
func newGenerator(name, opts string) (*generator, error) {
	switch name {
	case "crd":
		g, err := crdOptions(opts)
		if err != nil {
			return nil, err
		}
		return &generator{name: name, gen: g.Engine(), place: func(d string) { g.OutputDir = d }}, nil
	case "schemapatch":
		g, err := schemapatchOptions(opts)
		if err != nil {
			return nil, err
		}
		return &generator{name: name, gen: g.Engine(), patch: g, place: func(d string) { g.OutputDir = d }}, nil
	}
	known := []string{"headerFile", "year"}
	if name == "rbac" {
		known = append(known, "roleName", "fileName")
	}
	kv, err := options(opts, known...)
	if err != nil {
		return nil, err
	}
	header, err := crd.ReadHeader(kv["headerFile"], kv["year"])
	if err != nil {
		return nil, err
	}
	switch name {
	case "rbac":
		if kv["roleName"] == "" {
			return nil, fmt.Errorf("rbac: missing argument \"roleName\"")
		}
		g := &crd.RBACGenerator{RoleName: kv["roleName"], FileName: kv["fileName"], Header: header}
		return &generator{name: name, gen: g.Engine(), place: func(d string) { g.OutputDir = d }}, nil
	case "webhook":
		g := &crd.WebhookGenerator{Header: header}
		return &generator{name: name, gen: g.Engine(), place: func(d string) { g.OutputDir = d }}, nil
	}
	g := &crd.ObjectGenerator{Header: header}
	return &generator{name: name, gen: g.Engine(), place: func(d string) { g.OutputDir = d }}, nil
}

// options reads a generator's name=value pairs, whose names must be
// known.
func options(s string, known ...string) (map[string]string, error) {
	out := map[string]string{}
	if s == "" {
		return out, nil
	}
	for _, part := range splitTop(s) {
		k, v, _ := strings.Cut(part, "=")
		if !slices.Contains(known, k) {
			return nil, fmt.Errorf("unknown argument %q", k)
		}
		out[k] = unquote(v)
	}
	return out, nil
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// parseRule reads "dir=path", "artifacts:config=path[,code=path]",
// "stdout" or "none".
func parseRule(s string) (*outputRule, error) {
	switch {
	case s == "stdout" || s == "none":
		return &outputRule{mode: s}, nil
	case strings.HasPrefix(s, "dir="):
		return &outputRule{dir: unquote(strings.TrimPrefix(s, "dir=")), mode: "dir"}, nil
	case strings.HasPrefix(s, "artifacts:"):
		r := &outputRule{mode: "artifacts"}
		for _, kv := range splitTop(strings.TrimPrefix(s, "artifacts:")) {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "config":
				r.dir = unquote(v)
			case "code":
				r.code = unquote(v)
			default:
				return nil, fmt.Errorf("unknown argument %q of output rule artifacts", k)
			}
		}
		return r, nil
	}
	return nil, fmt.Errorf("unknown output rule %q; use dir=, artifacts:config=, stdout or none", s)
}

// crdOptions reads the crd generator's options: name=value pairs.
func crdOptions(s string) (*crd.Generator, error) {
	g := &crd.Generator{}
	var header, year string
	if s == "" {
		return g, nil
	}
	for _, kv := range splitTop(s) {
		k, v, _ := strings.Cut(kv, "=")
		v = unquote(v)
		var err error
		switch k {
		case "crdVersions":
			g.CRDVersions = strings.Split(strings.Trim(v, "{}"), ";")
			for _, cv := range g.CRDVersions {
				if cv != "v1" {
					err = fmt.Errorf("crdVersions %q: only v1 is supported", cv)
				}
			}
		case "allowDangerousTypes":
			g.AllowDangerousTypes, err = boolOpt(v)
		case "generateEmbeddedObjectMeta":
			g.GenerateEmbeddedMeta, err = boolOpt(v)
		case "ignoreUnexportedFields":
			g.IgnoreUnexportedFields, err = boolOpt(v)
		case "omitToolVersion":
			g.OmitToolVersion, err = boolOpt(v)
		case "maxDescLen":
			var n int
			n, err = strconv.Atoi(v)
			g.MaxDescLen = &n
		case "headerFile":
			header = v
		case "year":
			year = v
		default:
			err = fmt.Errorf("unknown crd option %q", k)
		}
		if err != nil {
			return nil, err
		}
	}
	var err error
	g.Header, err = crd.ReadHeader(header, year)
	return g, err
}

func boolOpt(v string) (bool, error) {
	if v == "" {
		return true, nil
	}
	return strconv.ParseBool(v)
}

// splitTop splits at commas outside braces and quotes.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	quote := rune(0)
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '`':
			quote = r
		case r == '{':
			depth++
		case r == '}':
			depth--
		case r == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
