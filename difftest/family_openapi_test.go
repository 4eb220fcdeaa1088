package difftest

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/difftest/gen"
)

// Where openapi-gen writes, below the module root.
const (
	openapiDir       = "generated/openapi"
	openapiFile      = "zz_generated.openapi.go"
	modelNameFile    = "zz_generated.model_name.go"
	openapiReport    = "generated/api_violations.report"
	openapiCommonKey = "#common" // the part of a batch's output no seed owns
)

// openapiReadonly are kube_codegen.sh's KUBE_CODEGEN_READONLY_PKGS.
var openapiReadonly = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr", "k8s.io/apimachinery/pkg/version", "time",
}

// openapiFamily is kube-openapi's openapi-gen with the model name files,
// as kube_codegen.sh's gen_openapi runs it.
var openapiFamily = &family{
	name:     "openapi",
	dialect:  gen.OpenAPI,
	upstream: []string{"openapi-gen"},
	ours:     "openapi-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		args := []string{"--output-file", openapiFile, "--go-header-file", r.header,
			"--output-dir", openapiDir, "--output-pkg", gen.Module + "/" + openapiDir,
			"--report-filename", openapiReport, "--output-model-name-file=" + modelNameFile}
		for _, p := range openapiReadonly {
			args = append(args, "--readonly-pkg", p)
		}
		args = append(args, "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
			"k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource")
		for _, a := range apis {
			// Every package of the API, as kube_codegen.sh's grep for
			// +k8s:openapi finds them; listed even when a near miss
			// misspells the only such marker.
			args = append(args, taggedPackages(a, `(?m)^package `)...)
		}
		return "openapi-gen", args
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		files := filesBelow(dir, a.Root, func(n string) bool { return n == modelNameFile })
		for name, b := range filesBelow(dir, openapiDir, func(n string) bool { return n == openapiFile }) {
			mine, common := openapiShare(b, a.Root)
			files[name] = mine
			files[name+openapiCommonKey] = common
		}
		if b, err := os.ReadFile(filepath.Join(dir, openapiReport)); err == nil {
			mine, common := linesOf(b, a.Root)
			files[openapiReport] = mine
			files[openapiReport+openapiCommonKey] = common
		}
		return files
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuildAlso(dir, apis, "./"+openapiDir)
	},
	intended: func(*gen.API, string) string { return "" },
}

// taggedPackages are the import paths of a's packages with a line that
// matches marker, sorted by directory, as kube_codegen.sh's grep finds them.
func taggedPackages(a *gen.API, marker string) []string {
	files, err := gen.Render(a)
	if err != nil {
		return nil
	}
	re := regexp.MustCompile(marker)
	dirs := map[string]bool{}
	for name, b := range files {
		if strings.HasSuffix(name, ".go") && re.Match(b) {
			dirs[filepath.ToSlash(filepath.Dir(name))] = true
		}
	}
	var out []string
	for _, d := range slices.Sorted(mapKeys(dirs)) {
		out = append(out, gen.Module+"/"+d)
	}
	return out
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ownedBy matches the names a seed's packages give in generated code:
// import paths, function names made of them, and model names.
func ownedBy(root string) *regexp.Regexp {
	q := regexp.QuoteMeta(root)
	return regexp.MustCompile(`fuzz\.example/` + q + `/|fuzz_example_` + q + `_|example\.fuzz\.` + q + `\.`)
}

// openapiShare splits a generated openapi file into the part that names
// root's packages (its schema functions, and the other lines that name
// them) and the rest.
func openapiShare(src []byte, root string) (mine, common []byte) {
	re := ownedBy(root)
	var m, c bytes.Buffer
	for _, chunk := range splitFuncs(src) {
		switch {
		case bytes.HasPrefix(chunk, []byte("func ")) && re.Match(chunk[:bytes.IndexByte(chunk, '(')+1]):
			m.Write(chunk)
		case bytes.HasPrefix(chunk, []byte("func schema_")):
			c.Write(chunk)
		default:
			lm, lc := linesOf(chunk, root)
			m.Write(lm)
			c.Write(lc)
		}
	}
	return m.Bytes(), c.Bytes()
}

// splitFuncs splits Go source before each top-level "func ".
func splitFuncs(src []byte) [][]byte {
	var out [][]byte
	for len(src) > 0 {
		i := bytes.Index(src[1:], []byte("\nfunc "))
		if i < 0 {
			out = append(out, src)
			break
		}
		out = append(out, src[:i+2])
		src = src[i+2:]
	}
	return out
}

// linesOf splits text into the lines that name root's packages and the rest.
func linesOf(text []byte, root string) (mine, common []byte) {
	re := ownedBy(root)
	var m, c bytes.Buffer
	for _, l := range bytes.SplitAfter(text, []byte("\n")) {
		if re.Match(l) {
			m.Write(l)
		} else {
			c.Write(l)
		}
	}
	return m.Bytes(), c.Bytes()
}

// goBuildAlso is goBuild over apis' packages and more packages, whose
// failures are every seed's.
func goBuildAlso(dir string, apis []*gen.API, more ...string) map[int64]string {
	broken := goBuild(dir, apis)
	if out, err := execIn(dir, "go", append([]string{"build"}, more...)...); err != nil {
		for _, a := range apis {
			if broken[a.Seed] == "" {
				broken[a.Seed] = "the generated code does not compile:\n" + tail(out, 15)
			}
		}
	}
	return broken
}
