package validation

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/output"
)

// With --test-output-root, validation-gen also writes coverage fixtures
// per Kind: <root>/<group>/<kind>/ holds one <prefix><version>_test.go per
// API version, declaring the errors that version's root type may report,
// and a <prefix>main_test.go that checks they were all exercised. <group>
// is the first label of the API group ("core" for the legacy group), and
// <kind> the lower-cased type name.

// apiVersion matches the names of versioned API packages.
var apiVersion = regexp.MustCompile(`^v\d+(alpha\d+|beta\d+)?$`)

// kindReport is what one version of a Kind declares.
type kindReport struct {
	group, version, kind string
	rules                map[string][]rule // by field path
}

// groupKind keys reports by API group and Kind.
type groupKind struct{ group, kind string }

// kindReports gathers the reports of the registering packages' root
// types, in the order of the jobs; kinds lists the keys in order of first
// appearance.
func kindReports(d *discoverer, jobs []*job) (map[groupKind][]*kindReport, []groupKind) {
	out := map[groupKind][]*kindReport{}
	var kinds []groupKind
	for _, j := range jobs {
		if !j.act.register {
			continue
		}
		group, version := j.typesPkg.Path, ""
		if c := j.typesPkg.Constants["GroupName"]; c != nil && c.ConstValue != nil {
			group = *c.ConstValue
		}
		if apiVersion.MatchString(j.typesPkg.Name) {
			version = j.typesPkg.Name
		}
		for _, t := range j.roots {
			rules := declaredRules(d.nodes[t])
			if len(rules) == 0 {
				continue
			}
			gk := groupKind{group, t.Name.Name}
			if out[gk] == nil {
				kinds = append(kinds, gk)
			}
			out[gk] = append(out[gk], &kindReport{group, version, t.Name.Name, rules})
		}
	}
	return out, kinds
}

// allowed is one entry of --test-allowlist: a rule to leave out of the
// fixtures. Every field is required; all but apiVersion may be "*".
type allowed struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Path       string `json:"path"`
	ErrorType  string `json:"errorType"`
	Origin     string `json:"origin"`
	Reason     string `json:"reason"`
}

// readAllowlist reads --test-allowlist; "" means no list.
func readAllowlist(file string) ([]allowed, error) {
	if file == "" {
		return nil, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading allowlist %q: %w", file, err)
	}
	var list []allowed
	if err := yaml.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("parsing allowlist %q: %w", file, err)
	}
	for i, a := range list {
		for _, f := range [][2]string{{"apiVersion", a.APIVersion}, {"kind", a.Kind}, {"path", a.Path},
			{"errorType", a.ErrorType}, {"origin", a.Origin}, {"reason", a.Reason}} {
			if strings.TrimSpace(f[1]) == "" {
				return nil, fmt.Errorf("allowlist %q entry %d: %s is required (use %q to wildcard)", file, i, f[0], "*")
			}
		}
	}
	return list, nil
}

func wild(pattern, s string) bool { return pattern == "*" || pattern == s }

// excludes reports whether a leaves out rule r at path of report k.
func (a allowed) excludes(k *kindReport, path string, r rule) bool {
	group, version, ok := strings.Cut(a.APIVersion, "/")
	if !ok {
		group, version = "", a.APIVersion
	}
	return group == k.group && version == k.version && wild(a.Kind, k.kind) && wild(a.Path, path) &&
		wild(a.ErrorType, r.errType) && wild(a.Origin, r.origin)
}

// allow drops the rules the allowlist names, and the reports left empty.
func allow(reports []*kindReport, list []allowed) []*kindReport {
	if len(list) == 0 {
		return reports
	}
	var out []*kindReport
	for _, k := range reports {
		kept := map[string][]rule{}
		for path, rs := range k.rules {
			for _, r := range rs {
				if !slices.ContainsFunc(list, func(a allowed) bool { return a.excludes(k, path, r) }) {
					kept[path] = append(kept[path], r)
				}
			}
		}
		if len(kept) > 0 {
			out = append(out, &kindReport{k.group, k.version, k.kind, kept})
		}
	}
	return out
}

// testFixtures writes the per-Kind coverage fixtures below the test
// output root.
func (g *Generator) testFixtures(d *discoverer, jobs []*job, diags *diag.List) []*output.File {
	list, err := readAllowlist(g.TestAllowlist)
	if err != nil {
		diags.Errorf(invalidPos, "%v", err)
		return nil
	}
	byKind, kinds := kindReports(d, jobs)
	var files []*output.File
	for _, gk := range kinds {
		reports := byKind[gk]
		if reports[0].version == "" {
			continue // not an API package
		}
		if reports = allow(reports, list); len(reports) == 0 {
			continue
		}
		group := gk.group
		if group == "" {
			group = "core"
		}
		kind := strings.ToLower(gk.kind)
		dir := filepath.Join(g.TestOutputRoot, strings.Split(group, ".")[0], kind)
		var versions []string
		for _, k := range reports {
			files = append(files, g.fixtureFile(dir, kind, g.TestFilePrefix+k.version+"_test.go", diags, func(f *output.GoFile) {
				declare(f, k)
			}))
			versions = append(versions, k.version)
		}
		files = append(files, g.fixtureFile(dir, kind, g.TestFilePrefix+"main_test.go", diags, func(f *output.GoFile) {
			writeVersions(f, versions)
			testMain(f)
		}))
	}
	return files
}

func (g *Generator) fixtureFile(dir, pkgName, name string, diags *diag.List, body func(*output.GoFile)) *output.File {
	f := output.NewGoFile(dir)
	body(f)
	g.start(f, pkgName)
	return f.File(filepath.Join(dir, name), invalidPos, diags)
}

// declare writes the init function that declares a version's rules.
func declare(f *output.GoFile, k *kindReport) {
	f.Printf("func init() {\n%s(\n", f.Qual(coveragePkg, "RegisterDeclaredRules"))
	f.Printf("%s{Group: %q, Version: %q, Kind: %q},\n", f.Qual("k8s.io/apimachinery/pkg/runtime/schema", "GroupVersionKind"), k.group, k.version, k.kind)
	f.Printf("%s{\n", f.Qual(coveragePkg, "FieldRules"))
	writeRules(f, k.rules)
	f.Printf("},\n)\n}\n\n")
}

// writeVersions writes the sorted list of versions the Kind has fixtures
// for.
func writeVersions(f *output.GoFile, vs []string) {
	vs = slices.Sorted(slices.Values(vs))
	quoted := make([]string, len(vs))
	for i, v := range vs {
		quoted[i] = strconv.Quote(v)
	}
	f.Printf("var apiVersions = []string{%s}\n\n", strings.Join(quoted, ", "))
}

// testMain writes the TestMain that fails when a declared rule was not
// exercised.
func testMain(f *output.GoFile) {
	f.Printf("func TestMain(m *%s) {\ncode := m.Run()\n", f.Qual("testing", "M"))
	f.Printf("if err := %s(); err != nil {\n%s(%s, err)\n", f.Qual(coveragePkg, "AssertDeclarativeCoverage"), f.Qual("fmt", "Fprintln"), f.Qual("os", "Stderr"))
	f.Printf("if code == 0 {\ncode = 1\n}\n}\n%s(code)\n}\n", f.Qual("os", "Exit"))
}
