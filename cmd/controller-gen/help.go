package main

import (
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

// printMarkers writes the -w table of the generators named in args (all
// four when none is), as controller-gen lays it out.
func printMarkers(w io.Writer, args []string) {
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
	for _, cat := range crd.MarkerHelp(gens) {
		writeTable(w, cat.Name, cat.Rows)
	}
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
// line's options in controller-gen's groups.
func printUsage(w io.Writer) {
	fmt.Fprint(w, usageText)
	fmt.Fprintf(w, "\n\nOptions\n\n")
	for _, cat := range optionHelp() {
		writeTable(w, cat.Name, cat.Rows)
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

	# The markers the crd generator reads, with their arguments
	controller-gen crd -w


Flags:
  -h, --detailed-help count       print this help (as does --help)
      --help                      print this help
      --version                   print the controller-gen version this tool reproduces
  -w, --which-markers count       print the markers the named generators read
`

// optionHelp lists the command line's options: generators, paths and
// output rules.
func optionHelp() []crd.HelpCategory {
	return []crd.HelpCategory{
		{Name: "generators", Rows: []crd.HelpRow{
			row("+crd[:allowDangerousTypes=<bool>][,crdVersions=<[]string>][,generateEmbeddedObjectMeta=<bool>][,headerFile=<string>][,ignoreUnexportedFields=<bool>][,maxDescLen=<int>][,omitToolVersion=<bool>][,year=<string>]", "package", "writes CustomResourceDefinitions of the API types."),
			row("+object[:headerFile=<string>][,year=<string>]", "package", "writes DeepCopy, DeepCopyInto and DeepCopyObject methods."),
			row("+rbac[:fileName=<string>][,headerFile=<string>],roleName=<string>[,year=<string>]", "package", "writes the ClusterRole and Roles of the rbac markers."),
			row("+webhook[:headerFile=<string>][,year=<string>]", "package", "writes the webhook configurations of the webhook markers."),
		}},
		{Name: "generic", Rows: []crd.HelpRow{
			row("+paths=<[]string>", "package", "the packages to read, as go list patterns"),
		}},
		{Name: "output rules (optionally as output:<generator>:...)", Rows: []crd.HelpRow{
			row("+output:stdout", "package", "prints every file to standard output."),
			row("+output:none", "package", "writes nothing."),
			row("+output:dir=<string>", "package", "writes every file to this directory."),
			row("+output:artifacts[:code=<string>],config=<string>", "package", "writes manifests to config, and code to code or beside"),
		}},
	}
}

func row(syntax, target, summary string) crd.HelpRow {
	return crd.HelpRow{Syntax: syntax, Target: target, Summary: summary}
}
