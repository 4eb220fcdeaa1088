// Command controller-gen generates CustomResourceDefinitions with
// controller-gen's command line: generator and output rules given as
// "crd:opt=value,...", "paths=./...", "output:crd:dir=...", plus
// --verify-only.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/crd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// outputRule is where one generator writes: a directory, stdout or nowhere.
type outputRule struct {
	dir  string
	mode string // "dir", "stdout" or "none"
}

func run(args []string, stdout, stderr io.Writer) int {
	opts := engine.Options{Stdout: stdout, Stderr: stderr}
	var gen *crd.Generator
	var rule *outputRule
	var defaultRule *outputRule
	for _, a := range args {
		var err error
		switch {
		case a == "--verify-only":
			opts.VerifyOnly = true
		case strings.HasPrefix(a, "paths="):
			opts.Patterns = append(opts.Patterns, unquote(strings.TrimPrefix(a, "paths=")))
		case a == "crd" || strings.HasPrefix(a, "crd:"):
			gen, err = crdOptions(strings.TrimPrefix(strings.TrimPrefix(a, "crd"), ":"))
		case strings.HasPrefix(a, "output:crd:"):
			rule, err = parseRule(strings.TrimPrefix(a, "output:crd:"))
		case strings.HasPrefix(a, "output:"):
			defaultRule, err = parseRule(strings.TrimPrefix(a, "output:"))
		default:
			err = fmt.Errorf("unsupported argument %q: only the crd generator is implemented", a)
		}
		if err != nil {
			fmt.Fprintf(stderr, "controller-gen: %v\n", err)
			return 1
		}
	}
	if gen == nil {
		fmt.Fprintln(stderr, "controller-gen: no generator given (use crd)")
		return 1
	}
	if rule == nil {
		rule = defaultRule
	}
	if rule == nil {
		rule = &outputRule{dir: filepath.Join("config", "crd", "bases"), mode: "dir"}
	}
	gen.OutputDir = rule.dir
	if rule.mode != "dir" {
		gen.OutputDir = os.TempDir()
	}
	if abs, err := filepath.Abs(gen.OutputDir); err == nil {
		gen.OutputDir = abs
	}
	if rule.mode == "dir" {
		return engine.Run(opts, gen)
	}
	out, diags := engine.Generate(opts, gen)
	diags.Print(stderr)
	if diags.HasErrors() {
		return 1
	}
	if rule.mode == "stdout" {
		sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Path < out.Files[j].Path })
		for _, f := range out.Files {
			stdout.Write(f.Data)
		}
	}
	return 0
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// parseRule reads "dir=path", "artifacts:config=path", "stdout" or "none".
func parseRule(s string) (*outputRule, error) {
	switch {
	case s == "stdout" || s == "none":
		return &outputRule{mode: s}, nil
	case strings.HasPrefix(s, "dir="):
		return &outputRule{dir: unquote(strings.TrimPrefix(s, "dir=")), mode: "dir"}, nil
	case strings.HasPrefix(s, "artifacts:config="):
		return &outputRule{dir: unquote(strings.TrimPrefix(s, "artifacts:config=")), mode: "dir"}, nil
	}
	return nil, fmt.Errorf("unknown output rule %q; use dir=, artifacts:config=, stdout or none", s)
}

// crdOptions reads the crd generator's options: name=value pairs.
func crdOptions(s string) (*crd.Generator, error) {
	g := &crd.Generator{}
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
			var b []byte
			b, err = os.ReadFile(v)
			g.Header = string(b)
		default:
			err = fmt.Errorf("unknown crd option %q", k)
		}
		if err != nil {
			return nil, err
		}
	}
	return g, nil
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
