package difftest

import (
	"path/filepath"
	"strings"

	"github.com/apigen-dev/apigen/difftest/gen"
)

// family is one generator family compared with upstream: the packages its
// dialect makes, the command line both sides run, and the files it writes.
type family struct {
	name     string
	dialect  *gen.Dialect
	upstream []string // upstream's tools to build
	ours     string   // our commands, in cmd/, separated by spaces
	// command is the tool (in either side's tool directory) and its
	// arguments, run in the module's root, over apis.
	command func(r *runner, apis []*gen.API) (string, []string)
	// outputs are the files a run wrote for a, by slash path below dir.
	outputs func(dir string, a *gen.API) map[string][]byte
	// broken says, by seed, why output written with exit status 0 is
	// wrong in itself: code that does not compile, a CRD the API server
	// refuses.
	broken func(r *runner, dir string, apis []*gen.API) map[int64]string
	// property says, by seed, what the generated code gets wrong when run;
	// it is called on seeds whose outputs are the same.
	property func(r *runner, dir string, apis []*gen.API) map[int64]string
	// intended names the documented difference that explains diff, or "".
	intended func(a *gen.API, diff string) string
}

// families are the families the differential tests run: a new family is
// a value like these and its line here. The slowest comes first, so that
// it starts first when families run in parallel.
var families = []*family{
	clientFamily,
	deepcopyFamily,
	crdFamily,
	protobufFamily,
	validationFamily,
	openapiFamily,
	defaulterFamily,
	conversionFamily,
}

const deepcopyFile = "zz_generated.deepcopy.go"

// deepcopyFamily is code-generator's deepcopy-gen, as kube_codegen.sh's
// gen_helpers runs it.
var deepcopyFamily = &family{
	name:     "deepcopy",
	dialect:  gen.Deepcopy,
	upstream: []string{"deepcopy-gen"},
	ours:     "deepcopy-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		return "deepcopy-gen", append([]string{"--output-file", deepcopyFile, "--go-header-file", r.header}, patterns("", apis)...)
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		return filesBelow(dir, a.Root, func(n string) bool { return n == deepcopyFile })
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuild(dir, apis)
	},
	property: deepcopyProperty,
	intended: func(*gen.API, string) string { return "" },
}

// crdDir is where controller-gen writes CRDs, below the module root.
const crdDir = "config/crd"

// crdFamily is controller-gen's crd and object generators, as a
// kubebuilder project's Makefile runs them.
var crdFamily = &family{
	name:     "crd",
	dialect:  gen.CRD,
	upstream: []string{"controller-gen"},
	ours:     "controller-gen",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		return "controller-gen", append([]string{"crd", "object:headerFile=" + r.header}, append(patterns("paths=", apis), "output:crd:dir="+crdDir)...)
	},
	outputs: func(dir string, a *gen.API) map[string][]byte {
		files := filesBelow(dir, a.Root, func(n string) bool { return n == deepcopyFile })
		for name, b := range filesBelow(dir, crdDir, func(n string) bool { return strings.HasPrefix(n, a.Root+".") }) {
			files[name] = b
		}
		return files
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		broken := goBuild(dir, apis)
		for _, a := range apis {
			if broken[a.Seed] == "" {
				broken[a.Seed] = refusedCRDs(filepath.Join(dir, crdDir), a)
			}
		}
		return broken
	},
	property: crdProperty,
	intended: func(*gen.API, string) string { return "" },
}
