package compat

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

// Usage is the command line of apigen compat.
const Usage = `  apigen compat [--base REV | --base-module MODULE@VERSION | --base-dir DIR] [--exceptions FILE]
                [--output text|json] [--crds] [-C DIR] PATTERN...
`

// Main runs apigen compat with args (after "compat") and returns the exit
// status: 0 when every error is excepted and no exception is stale, 1
// otherwise, 2 for a usage error.
func Main(args []string, reg *markers.Registry, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("apigen compat", flag.ContinueOnError)
	fl.SetOutput(stderr)
	base := fl.String("base", "", "git revision of the repository holding -C DIR to compare with")
	baseModule := fl.String("base-module", "", "module@version to compare with, from the module cache")
	baseDir := fl.String("base-dir", "", "directory holding the base revision, where the patterns are resolved")
	exceptions := fl.String("exceptions", "", "file of accepted findings, one stable key per line")
	output := fl.String("output", "text", "text or json")
	dir := fl.String("C", ".", "directory of the new revision, where the patterns are resolved")
	crds := fl.Bool("crds", false, "the patterns are directories of CustomResourceDefinition YAML, not Go packages")
	fl.Usage = func() { fmt.Fprint(stderr, "usage:\n"+Usage) }
	if err := fl.Parse(args); err != nil {
		return 2
	}
	set := 0
	for _, s := range []string{*base, *baseModule, *baseDir} {
		if s != "" {
			set++
		}
	}
	if set != 1 || fl.NArg() == 0 || *output != "text" && *output != "json" {
		fmt.Fprint(stderr, "apigen compat: give one of --base, --base-module and --base-dir, and package patterns\nusage:\n"+Usage)
		return 2
	}
	oldDir, cleanup, err := baseRevision(*dir, *base, *baseModule, *baseDir)
	if err != nil {
		fmt.Fprintf(stderr, "apigen compat: %v\n", err)
		return 1
	}
	defer cleanup()
	compare := func(base, head Revision, patterns []string) ([]Finding, error) {
		return Compare(base, head, patterns, reg)
	}
	if *crds {
		compare = CompareCRDs
	}
	fs, err := compare(Revision{Dir: oldDir}, Revision{Dir: *dir}, fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "apigen compat: %v\n", err)
		return 1
	}
	var stale []string
	if *exceptions != "" {
		if stale, err = applyExceptions(fs, *exceptions); err != nil {
			fmt.Fprintf(stderr, "apigen compat: %v\n", err)
			return 1
		}
	}
	if *output == "json" {
		writeJSON(stdout, fs, stale)
	} else {
		Print(stdout, fs, stale)
	}
	for _, f := range fs {
		if f.Fails() {
			return 1
		}
	}
	if len(stale) > 0 {
		return 1
	}
	return 0
}

func baseRevision(dir, rev, mod, baseDir string) (string, func(), error) {
	switch {
	case rev != "":
		return gitWorktree(dir, rev)
	case mod != "":
		return moduleCopy(mod)
	}
	return baseDir, func() {}, nil
}

// Report is the document of --output json.
type Report struct {
	Findings        []Finding `json:"findings"`
	StaleExceptions []string  `json:"staleExceptions"`
	Failed          bool      `json:"failed"`
}

func writeJSON(w io.Writer, fs []Finding, stale []string) {
	r := Report{Findings: fs, StaleExceptions: stale}
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	if r.StaleExceptions == nil {
		r.StaleExceptions = []string{}
	}
	for _, f := range fs {
		r.Failed = r.Failed || f.Fails()
	}
	r.Failed = r.Failed || len(stale) > 0
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(r)
}

// applyExceptions marks the findings the file lists, and returns the
// lines that match none. Blank lines and lines starting with # are
// skipped.
func applyExceptions(fs []Finding, path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var stale []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		matched := false
		for i := range fs {
			if fs[i].Key == line {
				fs[i].Excepted = true
				matched = true
			}
		}
		if !matched {
			stale = append(stale, line)
		}
	}
	return stale, sc.Err()
}
