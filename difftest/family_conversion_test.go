package difftest

import (
	"encoding/json"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/difftest/gen"
)

const (
	defaultsFile   = "zz_generated.defaults.go"
	conversionFile = "zz_generated.conversion.go"
)

// defaulterFamily is code-generator's defaulter-gen, as kube_codegen.sh's
// gen_helpers runs it: over the packages with a +k8s:defaulter-gen= line.
var defaulterFamily = &family{
	name:     "defaulter",
	dialect:  gen.Defaulter,
	upstream: []string{"defaulter-gen"},
	ours:     "defaulter-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		return "defaulter-gen", append([]string{"--output-file", defaultsFile, "--go-header-file", r.header}, codegenPackages(apis, "defaulter-gen")...)
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		return filesBelow(dir, a.Root, func(n string) bool { return n == defaultsFile })
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuild(dir, apis)
	},
	property: defaulterProperty,
	intended: func(*gen.API, string) string { return "" },
}

// conversionFamily is code-generator's conversion-gen, as kube_codegen.sh's
// gen_helpers runs it (with no --extra-peer-dirs, as sample-apiserver's
// update-codegen.sh passes none): over the packages with a
// +k8s:conversion-gen= line.
var conversionFamily = &family{
	name:     "conversion",
	dialect:  gen.Conversion,
	upstream: []string{"conversion-gen"},
	ours:     "conversion-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		return "conversion-gen", append([]string{"--output-file", conversionFile, "--go-header-file", r.header}, codegenPackages(apis, "conversion-gen")...)
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		return filesBelow(dir, a.Root, func(n string) bool { return n == conversionFile })
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuild(dir, apis)
	},
	property: conversionProperty,
	intended: arraysAssigned,
}

var (
	arrayFixme    = regexp.MustCompile(`^// FIXME: Provide conversion function to convert (\[\d+\][\w.]+) to (\[\d+\][\w.]+)$`)
	fieldAssigned = regexp.MustCompile(`^out\.(\w+) = in\.(\w+)$`)
)

// arraysAssigned names the deliberate difference when every line of diff
// that differs is upstream's call of compileErrorOnMissingConversion for an
// array, or ours assigning the field instead.
func arraysAssigned(_ *gen.API, diff string) string {
	arrays := 0
	for _, l := range strings.Split(diff, "\n") {
		if l == "" || strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++") || (l[0] != '-' && l[0] != '+') {
			continue
		}
		body := strings.TrimSpace(l[1:])
		switch m := arrayFixme.FindStringSubmatch(body); {
		case l[0] == '-' && m != nil && m[1] == m[2]:
			arrays++
		case l[0] == '-' && body == "compileErrorOnMissingConversion()":
		case l[0] == '+' && assignsItself(body):
		default:
			return ""
		}
	}
	if arrays == 0 {
		return ""
	}
	return "identical arrays are assigned (docs/design.md, Deliberate differences from upstream, Conversions)"
}

// assignsItself reports whether line is out.X = in.X.
func assignsItself(line string) bool {
	m := fieldAssigned.FindStringSubmatch(line)
	return m != nil && m[1] == m[2]
}

// codegenPackages are the import paths of the directories with a Go file
// holding a "// +k8s:<tool>=" line, sorted by directory, as kube_codegen.sh
// finds them with grep, and a near miss's directory.
func codegenPackages(apis []*gen.API, tool string) []string {
	line := regexp.MustCompile(`(?m)^\s*//\s*\+k8s:` + regexp.QuoteMeta(tool) + `=`)
	dirs := map[string]bool{}
	for _, a := range apis {
		files, err := gen.Render(a)
		if err != nil {
			continue
		}
		for name, b := range files {
			if strings.HasSuffix(name, ".go") && line.Match(b) {
				dirs[path.Dir(name)] = true
			}
		}
		if m := a.Mutation; m != nil {
			// A near miss may untag its package, which grep would then
			// leave out: the user meant it to be in.
			dirs[path.Dir(m.File)] = true
		}
	}
	var out []string
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		out = append(out, gen.Module+"/"+d)
	}
	return out
}

// runCheck builds and runs the property command files make, in dir; a
// failure to build or run it is a problem of every seed.
func runCheck(dir string, apis []*gen.API, files map[string][]byte, err error) map[int64]string {
	problems := map[int64]string{}
	fail := func(msg string) map[int64]string {
		for _, a := range apis {
			problems[a.Seed] = msg
		}
		return problems
	}
	if err != nil {
		return fail(err.Error())
	}
	out, failed := runCommand(dir, files)
	if failed != "" {
		return fail(failed)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r propResult
		if line == "" {
			continue
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return fail("reading the property checks: " + err.Error())
		}
		if r.Problem != "" && problems[r.Seed] == "" {
			problems[r.Seed] = r.Type + ": " + r.Problem
		}
	}
	return problems
}

// conversionProperty: every versioned struct that loses nothing on the
// way converts to its hub type and back to an equal value.
func conversionProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	files, err := gen.ConversionProps(apis...)
	return runCheck(dir, apis, files, err)
}

// defaulterProperty: every kind the generated defaulters register, filled
// and defaulted, has had every SetDefaults_ function and +default that
// reaches it applied.
func defaulterProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	generated := map[string]bool{}
	for _, a := range apis {
		for name := range filesBelow(dir, a.Root, func(n string) bool { return n == defaultsFile }) {
			generated[path.Dir(name)] = true
		}
	}
	files, err := gen.DefaulterProps(generated, apis...)
	return runCheck(dir, apis, files, err)
}
