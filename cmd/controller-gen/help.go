package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/apigen-dev/apigen/generators/crd"
)

// helpFlags reads the help flags: -w, -ww... (--which-markers), -h, -hh...
// (--detailed-help), --help and --version. It returns the levels asked for
// and the remaining arguments.
func helpFlags(args []string) (which, detail int, version bool, rest []string) {
	for _, a := range args {
		switch {
		case a == "--which-markers":
			which++
		case a == "--detailed-help" || a == "--help":
			detail++
		case a == "--version":
			version = true
		case len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Trim(a[1:], "wh") == "":
			which += strings.Count(a, "w")
			detail += strings.Count(a, "h")
		default:
			rest = append(rest, a)
		}
	}
	return which, detail, version, rest
}

// printMarkers writes the marker help of the generators named in args (all
// of them when none is), as controller-gen lays it out for the level: -w a
// table, -ww and -www each marker with its arguments (both to stderr),
// -wwww JSON (to stdout).
func printMarkers(stdout, stderr io.Writer, level int, args []string) {
	var gens []string
	for _, a := range args {
		name, _, _ := strings.Cut(a, ":")
		for _, g := range generatorNames {
			if name == g {
				gens = append(gens, g)
			}
		}
	}
	if len(gens) == 0 {
		gens = generatorNames
	}
	cats := crd.MarkerHelp(gens)
	if level >= 4 {
		writeJSON(stdout, cats)
		return
	}
	if len(cats) > 0 && cats[0].Name == "" {
		cats = cats[1:] // markers that are no marker there
	}
	if level == 1 {
		for _, cat := range cats {
			writeTable(stderr, cat.Name, cat.Rows)
		}
		return
	}
	fmt.Fprintln(stderr)
	for i, cat := range cats {
		if i > 0 {
			fmt.Fprintln(stderr)
		}
		writeDetailed(stderr, cat.Name, cat.Rows)
	}
}

// writeDetailed writes a title, then for each row its marker and target,
// summary and a table of its arguments, a blank line between rows; a
// single value shares its line with the summary.
func writeDetailed(w io.Writer, title string, rows []crd.HelpRow) {
	fmt.Fprintf(w, "%s\n\n\n", title)
	for i, r := range rows {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "+%s %s\n", r.Name, r.Target)
		if len(r.Args) == 1 && r.Args[0].Name == "" {
			fmt.Fprintf(w, "\t%s  %s\n", r.Args[0].Syntax(), r.Summary)
			continue
		}
		fmt.Fprintf(w, "\t%s\n", r.Summary)
		var widths [2]int
		for _, a := range r.Args {
			widths[0], widths[1] = max(widths[0], len(a.Syntax())+2), max(widths[1], len(a.Help)+2)
		}
		for _, a := range r.Args {
			fmt.Fprintf(w, "\t%-*s%-*s\n", widths[0], a.Syntax(), widths[1], a.Help)
		}
	}
}

// helpJSON is -wwww's form of a category, in controller-gen's keys.
type helpJSON struct {
	Category string       `json:"category"`
	Markers  []markerJSON `json:"markers"`
}

type markerJSON struct {
	Name     string      `json:"name"`
	Target   string      `json:"target"`
	Summary  string      `json:"summary"`
	Category string      `json:"category"`
	Fields   []fieldJSON `json:"fields,omitempty"`
}

type fieldJSON struct {
	Name     string    `json:"name"`
	Type     string    `json:"type"`
	Optional bool      `json:"optional"`
	ItemType *itemJSON `json:"itemType,omitempty"`
	Summary  string    `json:"summary"`
}

type itemJSON struct {
	Type     string `json:"type"`
	Optional bool   `json:"optional"`
}

func writeJSON(w io.Writer, cats []crd.HelpCategory) {
	var out []helpJSON
	for _, c := range cats {
		h := helpJSON{Category: c.Name}
		for _, r := range c.Rows {
			m := markerJSON{Name: r.Name, Target: r.Target, Summary: r.Summary, Category: c.Name}
			for _, a := range r.Args {
				f := fieldJSON{Name: a.Name, Type: a.Type, Optional: a.Optional, Summary: a.Help}
				if a.ItemType != "" {
					f.ItemType = &itemJSON{Type: a.ItemType}
				}
				m.Fields = append(m.Fields, f)
			}
			h.Markers = append(h.Markers, m)
		}
		out = append(out, h)
	}
	b, _ := json.Marshal(out)
	fmt.Fprintf(w, "%s\n", b)
}

// writeTable writes a titled table whose columns are as wide as their
// widest cell plus two spaces.
func writeTable(w io.Writer, title string, rows []crd.HelpRow) {
	var widths [3]int
	for _, r := range rows {
		for i, c := range []string{r.Syntax, r.Target, r.Summary} {
			widths[i] = max(widths[i], len(c)+2)
		}
	}
	fmt.Fprintf(w, "\n%s\n\n", title)
	for _, r := range rows {
		for i, c := range []string{r.Syntax, r.Target, r.Summary} {
			fmt.Fprintf(w, "%-*s", widths[i], c)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// printUsage writes the -h text: usage, examples, flags, then the command
// line's options in controller-gen's groups, as a table (-h) or each with
// its arguments (-hh and more).
func printUsage(w io.Writer, level int) {
	fmt.Fprint(w, usageText)
	fmt.Fprintf(w, "\n\nOptions\n\n")
	for _, cat := range optionHelp() {
		if level == 1 {
			writeTable(w, cat.Name, cat.Rows)
		} else {
			fmt.Fprintln(w)
			writeDetailed(w, cat.Name, cat.Rows)
		}
	}
}

const usageText = `Usage:
  controller-gen [flags]

Examples:
	# CRDs of the API types below ./api into config/crd/bases, the RBAC role to stdout
	controller-gen crd rbac:roleName=manager-role paths=./api/... output:crd:dir=config/crd/bases output:rbac:stdout

	# DeepCopy and runtime.Object methods for the types of one package
	controller-gen object:headerFile=hack/boilerplate.go.txt paths=./api/v1

	# Every generator this tool has, over a whole project
	controller-gen crd rbac:roleName=manager-role webhook object paths=./...

	# The schemas of the API types put into the CRD manifests kept in ./manifests
	controller-gen schemapatch:manifests=./manifests output:dir=./manifests paths=./api/...

	# The markers the crd generator reads, with their arguments
	controller-gen crd -w


Flags:
  -h, --detailed-help count       print this help (as does --help); -hh and more: each option with its arguments
      --help                      print this help
      --strict                    treat warnings as errors: exit 1 and write nothing
      --verify-only               write nothing; exit 1 and show a diff if any generated file is missing, stale or extra
      --version                   print the controller-gen version this tool reproduces; apigen's on stderr
  -w, --which-markers count       print the markers the named generators read; -ww: each with its arguments; -wwww: as JSON
`

// optionHelp lists the command line's options: generators, paths and
// output rules.
func optionHelp() []crd.HelpCategory {
	header := opt("headerFile", "string", "a file whose text, YEAR replaced, heads each generated file.")
	year := opt("year", "string", "the year that replaces YEAR in the header.")
	embeddedMeta := opt("generateEmbeddedObjectMeta", "bool", "writes the schema of embedded ObjectMeta's labels, annotations and the like.")
	maxDescLen := opt("maxDescLen", "int", "cuts descriptions to this length; 0 leaves them out.")
	return []crd.HelpCategory{
		{Name: "generators", Rows: []crd.HelpRow{
			option("crd", "writes CustomResourceDefinitions of the API types.",
				opt("allowDangerousTypes", "bool", "allows float32 and float64 fields, which round-trip badly."),
				opt("crdVersions", "[]string", "the apiextensions versions to write; only v1 exists."),
				embeddedMeta,
				header,
				opt("ignoreUnexportedFields", "bool", "leaves unexported fields out instead of failing on them."),
				maxDescLen,
				opt("omitToolVersion", "bool", "leaves the controller-gen version annotation out."),
				year),
			option("object", "writes DeepCopy, DeepCopyInto and DeepCopyObject methods.", header, year),
			option("rbac", "writes the ClusterRole and Roles of the rbac markers.",
				opt("fileName", "string", "the file name, role.yaml when not given."), header,
				need("roleName", "string", "the name of the ClusterRole."), year),
			option("schemapatch", "puts the schemas of the API types into existing CRD manifests.",
				embeddedMeta, need("manifests", "string", "the directory of the CRD manifests to patch."), maxDescLen),
			option("webhook", "writes the webhook configurations of the webhook markers.", header, year),
		}},
		{Name: "generic", Rows: []crd.HelpRow{
			option("paths", "the packages to read, as go list patterns", need("", "[]string", "")),
		}},
		{Name: "output rules (optionally as output:<generator>:...)", Rows: []crd.HelpRow{
			option("output:stdout", "prints every file to standard output."),
			option("output:none", "writes nothing."),
			option("output:dir", "writes every file to this directory.", need("", "string", "")),
			option("output:artifacts", "writes manifests to config, and code to code or beside",
				opt("code", "string", "where code goes, when not beside the types."),
				need("config", "string", "where manifests go.")),
		}},
	}
}

// option is a help row for a command-line option; its syntax is built
// from args, which must be sorted by name.
func option(name, summary string, args ...crd.HelpArg) crd.HelpRow {
	return crd.HelpRow{Name: name, Syntax: crd.ArgsSyntax(name, args), Target: "package", Summary: summary, Args: args}
}

func opt(name, typ, help string) crd.HelpArg {
	a := need(name, typ, help)
	a.Optional = true
	return a
}

func need(name, typ, help string) crd.HelpArg {
	a := crd.HelpArg{Name: name, Type: typ, Help: help}
	if t, ok := strings.CutPrefix(typ, "[]"); ok {
		a.Type, a.ItemType = "slice", t
	}
	return a
}
