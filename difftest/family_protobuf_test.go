package difftest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/apigen-dev/apigen/difftest/gen"
	"github.com/apigen-dev/apigen/internal/upstream"
)

// protobufRun is the command both sides run for the protobuf family: a
// script, in each side's tool directory, that runs that side's
// go-to-protobuf with --output-dir a GOPATH-shaped tree whose fuzz.example
// is the module (upstream writes .proto, protoc's output and the tags into
// <output-dir>/<import path>), and the tool directory on PATH (upstream
// runs protoc-gen-gogo and goimports from it; protoc comes from PATH).
const protobufRun = "difftest-go-to-protobuf"

const protobufScript = `#!/bin/sh
set -e
gopath="$PWD.gopath"
mkdir -p "$gopath"
ln -sfn "$PWD" "$gopath/` + gen.Module + `"
bin="$(dirname "$0")"
PATH="$bin:$PATH" exec "$bin/go-to-protobuf" --output-dir "$gopath" "$@"
`

// protobufAPIMachinery are go-to-protobuf's default apimachinery packages,
// each read and not written ("-"): upstream would write their .proto into
// the module cache. Their shipped .proto files are on the import path.
var protobufAPIMachinery = []string{
	"-k8s.io/apimachinery/pkg/util/intstr", "-k8s.io/apimachinery/pkg/api/resource",
	"-k8s.io/apimachinery/pkg/runtime/schema", "-k8s.io/apimachinery/pkg/runtime",
	"-k8s.io/apimachinery/pkg/apis/meta/v1", "-k8s.io/apimachinery/pkg/apis/meta/v1beta1",
	"-k8s.io/apimachinery/pkg/apis/testapigroup/v1",
}

var (
	protobufOnce     sync.Once
	protobufInclude  string // the --proto-import tree: apimachinery's and gogo's .proto
	protobufSetupErr error
)

// protobufSetup installs upstream's protoc-gen-gogo and goimports beside
// its go-to-protobuf, writes the script into both tool directories, and
// makes the import tree; once per process.
func protobufSetup(r *runner) error {
	protobufOnce.Do(func() {
		protobufSetupErr = func() error {
			if _, err := exec.LookPath("protoc"); err != nil {
				return fmt.Errorf("upstream's go-to-protobuf needs protoc on PATH (Debian: apt-get install protobuf-compiler): %v", err)
			}
			if err := goInstall(r.up, upstream.CodeGenerator, "/cmd/go-to-protobuf/protoc-gen-gogo"); err != nil {
				return err
			}
			if err := goInstall(r.up, "golang.org/x/tools@v0.47.0", "/cmd/goimports"); err != nil {
				return err
			}
			for _, dir := range []string{r.up, r.our} {
				if err := os.WriteFile(filepath.Join(dir, protobufRun), []byte(protobufScript), 0o755); err != nil {
					return err
				}
			}
			protobufInclude = filepath.Join(filepath.Dir(r.up), "protoinclude")
			for link, mod := range map[string][2]string{
				"k8s.io/apimachinery":                {"k8s.io/apimachinery@v0.37.2", ""},
				"github.com/gogo/protobuf/gogoproto": {"github.com/gogo/protobuf@v1.3.2", "gogoproto"},
			} {
				dir, err := upstream.ModuleDir(mod[0])
				if err != nil {
					return err
				}
				p := filepath.Join(protobufInclude, filepath.FromSlash(link))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					return err
				}
				if err := os.Symlink(filepath.Join(dir, mod[1]), p); err != nil {
					return err
				}
			}
			return nil
		}()
	})
	return protobufSetupErr
}

// goInstall installs module@version's command at sub into gobin.
func goInstall(gobin, moduleAtVersion, sub string) error {
	mod, version, _ := strings.Cut(moduleAtVersion, "@")
	cmd := exec.Command("go", "install", mod+sub+"@"+version)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go install %s%s: %v\n%s", mod, sub, err, out)
	}
	return nil
}

// protobufFamily is code-generator's go-to-protobuf, as Kubernetes'
// hack/_update-generated-protobuf-dockerized.sh runs it: every package
// marked +k8s:protobuf-gen=package in --packages, the import path of the
// .proto files it needs in --proto-import.
var protobufFamily = &family{
	name:     "protobuf",
	dialect:  gen.Protobuf,
	upstream: []string{"go-to-protobuf"},
	ours:     "go-to-protobuf",
	command: func(r *runner, apis []*gen.API) (string, []string) {
		if err := protobufSetup(r); err != nil {
			return "difftest-protobuf-setup-failed: " + err.Error(), nil
		}
		var entries []string
		for _, a := range apis {
			entries = append(entries, gen.ProtoEntries(a)...)
		}
		return protobufRun, []string{"--go-header-file", r.header,
			"--proto-import", protobufInclude, "--proto-import", "/usr/include",
			"--apimachinery-packages", strings.Join(protobufAPIMachinery, ","),
			"--packages", strings.Join(entries, ",")}
	},
	// The .proto and .pb.go files, and the Go sources upstream gives tags.
	outputs: func(dir string, a *gen.API) map[string][]byte {
		return filesBelow(dir, a.Root, func(n string) bool { return strings.HasSuffix(n, ".go") || n == "generated.proto" })
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return goBuild(dir, apis)
	},
	property: protobufProperty,
	intended: protobufIntended,
}

// protobufProperty: every message, filled with random values, marshals and
// unmarshals to an equal value.
func protobufProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	_, problems := runProps(dir, apis)
	return problems
}

var tombstone = regexp.MustCompile(`^\+k8s:deprecated=[^,]*,protobuf=(\d+)$`)
var tagNumber = regexp.MustCompile(`protobuf:"[a-z0-9]+,(\d+),`)

// protobufIntended: a struct with a tombstone past its tags' numbers and a
// field upstream numbers gets other numbers from apigen, as "Deliberate
// differences from upstream" (go-to-protobuf: tombstones are read) says.
func protobufIntended(a *gen.API, diff string) string {
	for _, p := range a.Packages {
		for _, t := range p.Types {
			if tombstonePastTags(t) {
				return fmt.Sprintf("Deliberate differences from upstream, go-to-protobuf: tombstones are read (%s.%s)", p.Name, t.Name)
			}
		}
	}
	return ""
}

// tombstonePastTags says whether struct t has an untagged field and a
// tombstone whose number is past every number its tags take.
func tombstonePastTags(t *gen.Type) bool {
	highest, stone, untagged := 0, 0, false
	for _, f := range t.Fields {
		if m := tagNumber.FindStringSubmatch(f.Tag); m != nil {
			n, _ := strconv.Atoi(m[1])
			highest = max(highest, n)
		} else if f.Type.Name != "TypeMeta" {
			untagged = true
		}
		for _, l := range f.Doc {
			if m := tombstone.FindStringSubmatch(l); m != nil {
				n, _ := strconv.Atoi(m[1])
				stone = max(stone, n)
			}
		}
	}
	return untagged && stone > highest
}
