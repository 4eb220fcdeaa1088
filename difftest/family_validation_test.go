package difftest

import (
	"fmt"
	"go/format"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/difftest/gen"
)

const (
	validationFile   = "zz_generated.validations.go"
	validationTests  = "test/declarative_validation"
	validationPrefix = "zz_generated.validations."
)

// validationReadonly are the packages Kubernetes' update-codegen.sh passes
// to validation-gen as --readonly-pkg.
var validationReadonly = []string{
	"k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types", "k8s.io/apimachinery/pkg/util/intstr", "time",
}

// validationFamily is code-generator's validation-gen, as Kubernetes'
// hack/update-codegen.sh (codegen::validation) runs it, coverage fixtures
// included.
var validationFamily = &family{
	name:     "validation",
	dialect:  gen.Validation,
	upstream: []string{"validation-gen"},
	ours:     "validation-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		args := []string{"--go-header-file", r.header, "--output-file", validationFile,
			"--test-output-root", validationTests, "--test-output-file-prefix", validationPrefix,
			"--lint-rules=known-tags-only,require-explicit-disablement"}
		for _, p := range validationReadonly {
			args = append(args, "--readonly-pkg", p)
		}
		return "validation-gen", append(args, patterns("", apis)...)
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		files := filesBelow(dir, a.Root, func(n string) bool { return n == validationFile })
		for name, b := range filesBelow(dir, validationTests+"/"+a.Root+".fuzz.example", func(n string) bool { return strings.HasPrefix(n, validationPrefix) }) {
			files[name] = b
		}
		return files
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuild(dir, apis)
	},
	property: validationProperty,
	intended: func(*gen.API, string) string { return "" },
}

// validationProbe is a kind's spec field of a builtin integer type with a
// +k8s:minimum: a value at the minimum and one below it.
type validationProbe struct {
	seed            int64
	pkg, kind, path string
	field           string
	valid, invalid  int64
}

var minimumTag = regexp.MustCompile(`^\+k8s:minimum=(-?\d+)$`)

// validationProbes finds a's probes.
func validationProbes(a *gen.API) []validationProbe {
	var out []validationProbe
	for _, p := range a.Packages {
		for _, k := range p.Types {
			if !k.Root || strings.HasSuffix(k.Name, "List") {
				continue
			}
			for _, sf := range k.Fields {
				if sf.Name != "Spec" {
					continue
				}
				_, spec := a.Lookup(sf.Type)
				if spec == nil {
					continue
				}
				for _, f := range spec.Fields {
					if f.Name == "" || f.Type.Kind != gen.Ident || f.Type.Pkg != "" || !slices.Contains([]string{"int", "int32", "int64"}, f.Type.Name) {
						continue
					}
					for _, l := range f.Doc {
						if m := minimumTag.FindStringSubmatch(l); m != nil {
							n, _ := strconv.ParseInt(m[1], 10, 64)
							invalid := n - 1
							if invalid == 0 {
								invalid = n - 2
							}
							out = append(out, validationProbe{a.Seed, a.ImportPath(p), k.Name, "spec." + jsonName(f.Tag), f.Name, n + 10 + max(0, -n), invalid})
						}
					}
				}
			}
		}
	}
	return out
}

func jsonName(tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name
}

// validationProperty: for each probe, the registered validation of a kind
// whose spec field is below its +k8s:minimum reports that field invalid,
// and of one at a value above the minimum reports nothing there.
func validationProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	problems := map[int64]string{}
	var probes []validationProbe
	for _, a := range apis {
		probes = append(probes, validationProbes(a)...)
	}
	if len(probes) == 0 {
		return problems
	}
	var imports, body strings.Builder
	aliases := map[string]string{}
	for _, pr := range probes {
		if aliases[pr.pkg] == "" {
			aliases[pr.pkg] = fmt.Sprintf("p%d", len(aliases))
			fmt.Fprintf(&imports, "%s %q\n", aliases[pr.pkg], pr.pkg)
		}
		al := aliases[pr.pkg]
		fmt.Fprintf(&body, "{\ns := runtime.NewScheme()\nif err := %s.SchemeBuilder.AddToScheme(s); err != nil { panic(err) }\n", al)
		fmt.Fprintf(&body, "ok, no := &%s.%s{}, &%s.%s{}\nok.Spec.%s, no.Spec.%s = %d, %d\n", al, pr.kind, al, pr.kind, pr.field, pr.field, pr.valid, pr.invalid)
		fmt.Fprintf(&body, "check(%d, %q, s.Validate(ctx, nil, ok), s.Validate(ctx, nil, no))\n}\n", pr.seed, pr.path)
	}
	src := fmt.Sprintf(validationCheck, imports.String(), body.String())
	out, err := format.Source([]byte(src))
	if err != nil {
		problems[apis[0].Seed] = "the property check does not parse: " + err.Error()
		return problems
	}
	if err := writeFiles(dir, map[string][]byte{"valprops/main.go": out}); err != nil {
		problems[apis[0].Seed] = err.Error()
		return problems
	}
	bin := filepath.Join(dir, "valprops.bin")
	if msg, err := execIn(dir, "go", "build", "-o", bin, "./valprops"); err != nil {
		for _, a := range apis {
			problems[a.Seed] = "building the property check: " + tail(msg, 20)
		}
		return problems
	}
	msg, err := execIn(dir, bin)
	if err != nil {
		for _, a := range apis {
			problems[a.Seed] = "the property check: " + tail(msg, 20)
		}
		return problems
	}
	for _, l := range strings.Split(strings.TrimSpace(msg), "\n") {
		seed, problem, ok := strings.Cut(l, " ")
		if n, err := strconv.ParseInt(seed, 10, 64); ok && err == nil && problems[n] == "" {
			problems[n] = problem
		}
	}
	return problems
}

const validationCheck = `package main

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
%s)

var ctx = context.Background()

// check prints "<seed> <problem>" when the errors at path are wrong.
func check(seed int64, path string, ok, no field.ErrorList) {
	for _, e := range ok {
		if e.Field == path {
			fmt.Println(seed, path+": a value above +k8s:minimum is refused: "+e.Error())
			return
		}
	}
	for _, e := range no {
		if e.Field == path && e.Type == field.ErrorTypeInvalid {
			return
		}
	}
	fmt.Println(seed, path+": a value below +k8s:minimum is not reported: ", no)
}

func main() {
%s}
`
