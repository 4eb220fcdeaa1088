package analysis

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/output"
)

// VetUsage is apigen vet's command line.
const VetUsage = `  apigen vet [-fix] [-json] [apigen generate's flags] PATTERN...
`

// Vet is apigen vet: it runs the analyzers over the packages the patterns
// name, with apigen generate's flags, and prints their findings on stderr
// (-json: as JSON on stdout). With -fix it applies the suggested fixes.
// It returns 1 when there are findings, 0 when there are none.
func Vet(args []string, stdout, stderr io.Writer) int {
	var fix, asJSON bool
	var rest []string
	for _, a := range args {
		switch a {
		case "-fix", "--fix":
			fix = true
		case "-json", "--json":
			asJSON = true
		default:
			rest = append(rest, a)
		}
	}
	generateFlags = rest
	cmd, err := parseGenerate("")
	if err != nil {
		fmt.Fprintln(stderr, "apigen vet:", err)
		return 2
	}
	// The analyzers read declarations only, as apigen generate does.
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: cmd.Options.Dir, ParseFile: load.ParseDeclarations}
	pkgs, err := packages.Load(cfg, cmd.Options.Patterns...)
	if err != nil {
		fmt.Fprintln(stderr, "apigen vet:", err)
		return 1
	}
	if printLoadErrors(pkgs, stderr) {
		return 1
	}
	graph, err := checker.Analyze(Analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintln(stderr, "apigen vet:", err)
		return 1
	}
	found := false
	reported := map[string]bool{}
	for act := range graph.All() {
		found = found || (act.IsRoot && len(act.Diagnostics) > 0)
		// An analyzer's error is its packages' and its dependents': once.
		if act.Err != nil && !reported[act.Err.Error()] {
			reported[act.Err.Error()] = true
			fmt.Fprintln(stderr, "apigen vet:", act.Err)
			found = true
		}
	}
	if asJSON {
		graph.PrintJSON(stdout)
	} else {
		graph.PrintText(stderr, -1)
	}
	if fix {
		if err := applyFixes(graph); err != nil {
			fmt.Fprintln(stderr, "apigen vet:", err)
			return 1
		}
	}
	if found {
		return 1
	}
	return 0
}

// printLoadErrors prints the errors that kept packages from being read,
// and reports whether there were any. Type errors are not among them:
// apigen generate does not stop for them either, since generated code may
// be missing.
func printLoadErrors(pkgs []*packages.Package, stderr io.Writer) bool {
	found := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if e.Kind != packages.TypeError {
				fmt.Fprintln(stderr, e)
				found = true
			}
		}
	})
	return found
}

// applyFixes applies the first suggested fix of every finding, each edit
// once, and writes the changed files whole (temp file and rename).
func applyFixes(graph *checker.Graph) error {
	type edit struct {
		from, to int
		text     string
	}
	edits := map[string][]edit{}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				tf := act.Package.Fset.File(e.Pos)
				ed := edit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)}
				if !slices.Contains(edits[tf.Name()], ed) {
					edits[tf.Name()] = append(edits[tf.Name()], ed)
				}
			}
		}
	}
	var files []output.File
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		slices.SortFunc(es, func(a, b edit) int { return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to)) })
		var out bytes.Buffer
		last := 0
		for _, e := range es {
			if e.from < last {
				return fmt.Errorf("%s: fixes overlap at offset %d; apply them one at a time", name, e.from)
			}
			out.Write(src[last:e.from])
			out.WriteString(e.text)
			last = e.to
		}
		out.Write(src[last:])
		files = append(files, output.File{Path: name, Data: out.Bytes()})
	}
	return output.Write(files, nil, io.Discard)
}
