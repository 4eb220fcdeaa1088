package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/generators/crd"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/scratch"
)

var (
	upstreamOnce sync.Once
	upstreamBin  string
	upstreamErr  string
)

func TestMain(m *testing.M) { scratch.Main(m) }

// upstream returns controller-gen v0.23.0, built once per test process
// from the module proxy.
func upstream(t testing.TB) string {
	t.Helper()
	upstreamOnce.Do(func() {
		dir, err := scratch.Dir("controller-gen-upstream")
		if err != nil {
			upstreamErr = err.Error()
			return
		}
		upstreamBin = filepath.Join(dir, "controller-gen")
		cmd := exec.Command("go", "install", "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			upstreamErr = err.Error() + "\n" + string(out)
			return
		}
	})
	if upstreamErr != "" {
		t.Fatalf("installing controller-gen v0.23.0: %s", upstreamErr)
	}
	return upstreamBin
}

// readDir returns the files of dir by name.
func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

// compareRuns runs upstream and ours with args (in dir, writing to
// output:crd:dir=<tmp>) and requires the same files, byte for byte.
func compareRuns(t *testing.T, dir string, args ...string) int {
	t.Helper()
	upDir, ourDir := t.TempDir(), t.TempDir()
	cmd := exec.Command(upstream(t), append(slices.Clone(args), "output:crd:dir="+upDir)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream controller-gen: %v\n%s", err, out)
	}
	t.Chdir(dir)
	var stderr bytes.Buffer
	if code := run(append(slices.Clone(args), "output:crd:dir="+ourDir), os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want := readDir(t, upDir)
	same := len(sameFiles(t, want, readDir(t, ourDir)))
	if len(want) == 0 {
		t.Errorf("upstream generated nothing")
	}
	t.Logf("%d of %d CRDs byte-identical", same, len(want))
	return same
}

// TestFeatures covers the markers the fixture in testdata/crd/features
// uses: subresources, printer columns, names, scope, validation of many
// kinds, CEL rules, defaults, embedded structs, maps, map lists, and two
// versions of one kind; api/gadgets adds every other marker -w lists
// (TestEveryMarker checks that), api/internal a skipped package.
func TestFeatures(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/features")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	compareRuns(t, dir, "crd:crdVersions=v1,allowDangerousTypes=true", "paths=./...")
	t.Run("maxDescLen", func(t *testing.T) {
		compareRuns(t, dir, "crd:maxDescLen=0,generateEmbeddedObjectMeta=true", "paths=./...")
	})
}

// TestExample runs the example's own invocation (its update-codegen.sh),
// whose CRD the e2e module installs into a real API server.
func TestExample(t *testing.T) {
	src, err := filepath.Abs("../../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	// The example's hub carries +apigen:conversion:webhook, which
	// controller-gen does not know: without it, the CRD is upstream's.
	hub := filepath.Join(dir, "apis/frobbers/v6/types.go")
	b, err := os.ReadFile(hub)
	if err != nil {
		t.Fatal(err)
	}
	without := regexp.MustCompile(`(?m)^// \+apigen:conversion:webhook.*\n`).ReplaceAll(b, nil)
	if bytes.Equal(without, b) {
		t.Fatal("the example's hub has no +apigen:conversion:webhook marker")
	}
	if err := os.WriteFile(hub, without, 0o644); err != nil {
		t.Fatal(err)
	}
	if n := compareRuns(t, dir, "crd", "paths=./apis/frobbers/v5;./apis/frobbers/v6"); n != 1 {
		t.Errorf("%d CRDs byte-identical, want the one Frobber CRD", n)
	}
}

// TestClusterAPI generates the CRDs of sigs.k8s.io/cluster-api/api
// v1.14.2 with the invocations of cluster-api's Makefile.
func TestClusterAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api")
	}
	dir := refmodtest.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")
	for name, paths := range map[string][]string{
		"core":         {"paths=./addons/...", "paths=./core/...", "paths=./ipam/...", "paths=./runtime/..."},
		"bootstrap":    {"paths=./bootstrap/kubeadm/..."},
		"controlplane": {"paths=./controlplane/kubeadm/..."},
	} {
		t.Run(name, func(t *testing.T) {
			compareRuns(t, dir, append(paths, "crd:crdVersions=v1")...)
		})
	}
}

// TestDiagnostics runs on bad input in testdata/crd/bad: each run must
// exit 1, write nothing, and print the diagnostics in golden/<case>.txt.
func TestDiagnostics(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	gens := map[string]string{"badverb": "rbac:roleName=r"}
	for _, c := range []string{"badrule", "nostorage", "baddefault",
		"overbudget", "badcolumn", "baddefaultvalue"} {
		t.Run(c, func(t *testing.T) {
			gen := gens[c]
			if gen == "" {
				gen = "crd"
			}
			t.Chdir(filepath.Join(dir, "bad"))
			out := filepath.Join(t.TempDir(), "out")
			var stderr bytes.Buffer
			code := run([]string{gen, "paths=./" + c + "/...", "output:dir=" + out}, os.Stdout, &stderr)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s was written", out)
			}
			refmodtest.Golden(t, filepath.Join(src, "golden", c+".txt"), stderr.String())
		})
	}
}

// TestWarnings runs upstream and ours on the packages of testdata/crd/bad
// that upstream generates from: a group under k8s.io without (or with a bad)
// api-approved.kubernetes.io annotation, misplaced and misspelt markers, an
// RBAC verb no API server knows. Ours must write upstream's files and print
// golden/<case>.txt, warnings only; with --strict, exit 1 and write nothing.
func TestWarnings(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	gens := map[string]string{"badverb": "rbac:roleName=r"}
	for _, c := range []string{"protected", "misplaced", "misspelt", "badverb", "twostorage"} {
		t.Run(c, func(t *testing.T) {
			t.Chdir(filepath.Join(dir, "bad"))
			args := []string{cmp.Or(gens[c], "crd"), "paths=./" + c + "/..."}
			up, ours, strict := filepath.Join(t.TempDir(), "up"), filepath.Join(t.TempDir(), "ours"), filepath.Join(t.TempDir(), "strict")
			if out, err := exec.Command(upstream(t), append(args, "output:dir="+up)...).CombinedOutput(); err != nil {
				t.Fatalf("upstream controller-gen: %v\n%s", err, out)
			}
			var stderr bytes.Buffer
			if code := run(append(args, "output:dir="+ours), os.Stdout, &stderr); code != 0 {
				t.Errorf("exit %d, want 0", code)
			}
			sameFiles(t, readDir(t, up), readDir(t, ours))
			golden := filepath.Join(src, "golden", c+".txt")
			refmodtest.Golden(t, golden, stderr.String())
			want, _ := os.ReadFile(golden)
			stderr.Reset()
			code := run(append(args, "--strict", "output:dir="+strict), os.Stdout, &stderr)
			if _, err := os.Stat(strict); code != 1 || err == nil || stderr.String() != strings.ReplaceAll(string(want), ": warning: ", ": ") {
				t.Errorf("--strict: exit %d, wrote %s: %v, stderr:\n%s", code, strict, err == nil, stderr.String())
			}
		})
	}
}

// sameFiles fails t for each file of want that got lacks or has other
// bytes for, and for each file of got that want lacks; it returns the
// names of the files that are the same.
func sameFiles(t *testing.T, want, got map[string][]byte) []string {
	t.Helper()
	var same []string
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: not generated", name)
		case !bytes.Equal(g, w):
			t.Errorf("%s differs from upstream:\n%s", name, refmodtest.FirstLines(g, w))
		default:
			same = append(same, name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: generated, but upstream writes no such file", name)
		}
	}
	return same
}

// compareTrees runs upstream and ours with args, each in its own copy of
// the source tree (made by copy), and requires the trees to end up the
// same, byte for byte. It returns how many files the runs wrote.
func compareTrees(t *testing.T, copy func() string, args ...string) int {
	t.Helper()
	return compareTreesAt(t, copy, func(string) []string { return args })
}

// compareTreesAt is compareTrees with arguments that name the copy they
// run in: argsFor gets its absolute path.
func compareTreesAt(t *testing.T, copy func() string, argsFor func(root string) []string) int {
	t.Helper()
	upDir, ourDir := copy(), copy()
	before := tree(t, ourDir)
	cmd := exec.Command(upstream(t), argsFor(upDir)...)
	cmd.Dir = upDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream controller-gen: %v\n%s", err, out)
	}
	t.Chdir(ourDir)
	var stderr bytes.Buffer
	if code := run(slices.Clone(argsFor(ourDir)), os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want := tree(t, upDir)
	written := 0
	for _, name := range sameFiles(t, want, tree(t, ourDir)) {
		if !bytes.Equal(before[name], want[name]) {
			written++
		}
	}
	if written == 0 {
		t.Errorf("upstream generated nothing")
	}
	t.Logf("%d generated files byte-identical", written)
	return written
}

// tree returns the files below dir by slash-separated relative path.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAllGenerators runs crd, rbac, webhook and object together on the
// features fixture, whose controllers package and api/v1/webhooks.go hold
// RBAC and webhook markers in the places kubebuilder projects put them,
// and in places controller-gen ignores or reads unexpectedly.
func TestAllGenerators(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/features")
	if err != nil {
		t.Fatal(err)
	}
	n := compareTrees(t, func() string { return refmodtest.CopyDir(t, src) },
		"crd", "rbac:roleName=manager-role", "webhook", "object", "paths=./...",
		"output:crd:dir=out/crd", "output:rbac:dir=out/rbac", "output:webhook:dir=out/webhook")
	if n != 10 {
		t.Errorf("%d files generated, want 3 CRDs, role.yaml, manifests.yaml and 5 deepcopy files", n)
	}
	t.Run("header", func(t *testing.T) {
		header := filepath.Join(t.TempDir(), "boilerplate.txt")
		if err := os.WriteFile(header, []byte("// Copyright YEAR Shop Authors.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		compareTrees(t, func() string { return refmodtest.CopyDir(t, src) },
			"rbac:roleName=shop,fileName=shop-role.yaml,headerFile="+header+",year=2031",
			"webhook:headerFile="+header, "object:headerFile="+header+",year=1999",
			"paths=./...", "output:dir=out")
	})
}

// TestClusterAPIObject generates the deep-copy files of
// sigs.k8s.io/cluster-api/api v1.14.2 as cluster-api's Makefile does
// (object:headerFile=...), in one run over all its API packages.
func TestClusterAPIObject(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api")
	}
	header := filepath.Join(refmodtest.Download(t, "sigs.k8s.io/cluster-api@v1.14.2"), "hack/scripts/verify/boilerplate/boilerplate.generatego.txt")
	n := compareTrees(t, func() string { return withoutDeepCopy(t, refmodtest.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")) },
		"object:headerFile="+header, "paths=./addons/...", "paths=./core/...", "paths=./ipam/...",
		"paths=./runtime/...", "paths=./bootstrap/kubeadm/...", "paths=./controlplane/kubeadm/...")
	if n != 14 {
		t.Errorf("%d deepcopy files generated, want 14", n)
	}
}

// withoutDeepCopy removes the deep-copy files below dir, as cluster-api's
// Makefile does before generating them, and returns dir.
func withoutDeepCopy(t *testing.T, dir string) string {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "zz_generated.deepcopy.go" {
			err = os.Remove(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCertManager generates the CRDs of cert-manager v1.21.2's pkg/apis
// with the crd generator as its make/_shared_new/helm/crds.mk runs it
// (crd ... output:crd:artifacts:config=DIR), in a writable copy of the
// module.
func TestCertManager(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cert-manager")
	}
	dir := refmodtest.CopyDir(t, refmodtest.Download(t, "github.com/cert-manager/cert-manager@v1.21.2"))
	if n := compareRuns(t, dir, "crd", "paths=./pkg/apis/..."); n != 6 {
		t.Errorf("%d CRDs byte-identical, want 6", n)
	}
}

// TestHelp compares -w and -h with upstream's: the same groups, markers,
// targets and column layout. The summaries are our own words, so each
// line is compared up to its target column.
func TestHelp(t *testing.T) {
	cut := regexp.MustCompile(`(?m)^(\+\S+ +(package|type|field) +).*$`)
	for _, args := range [][]string{
		{"crd", "-w"}, {"rbac:roleName=x", "-w"}, {"webhook", "-w"}, {"object", "-w"}, {"schemapatch:manifests=x", "-w"},
		{"crd", "rbac:roleName=x", "webhook", "object", "-w"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := exec.Command(upstream(t), args...)
			var want bytes.Buffer
			cmd.Stderr = &want
			if err := cmd.Run(); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if code := run(args, io.Discard, &got); code != 0 {
				t.Fatalf("exit %d", code)
			}
			w, g := cut.ReplaceAllString(want.String(), "$1"), cut.ReplaceAllString(got.String(), "$1")
			if w != g {
				t.Errorf("-w differs from upstream:\n%s", refmodtest.FirstLines([]byte(g), []byte(w)))
			}
		})
	}
	for _, args := range [][]string{{"crd", "rbac:roleName=x", "webhook", "object", "-ww"}, {"object", "-www"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			want, got := helpOutputs(t, args)
			if w, g := detailedShape(want), detailedShape(got); w != g {
				t.Errorf("%s differs from upstream in shape:\n%s", args[len(args)-1], refmodtest.FirstLines([]byte(g), []byte(w)))
			}
		})
	}
	t.Run("-wwww", func(t *testing.T) {
		want, got := helpOutputs(t, []string{"crd", "rbac:roleName=x", "webhook", "object", "-wwww"})
		if w, g := jsonShape(t, want), jsonShape(t, got); w != g {
			t.Errorf("-wwww differs from upstream in shape:\n%s", refmodtest.FirstLines([]byte(g), []byte(w)))
		}
	})
	t.Run("-hh", func(t *testing.T) {
		want, got := helpOutputs(t, []string{"-hh"})
		_, want, _ = strings.Cut(want, "\nOptions\n")
		_, got, _ = strings.Cut(got, "\nOptions\n")
		// Generators this tool lacks, and crd's v1beta1 option, as in -h.
		lacking := regexp.MustCompile(`(?m)^\+applyconfiguration package\n(\t.*\n)*\n|^\t\[deprecatedV1beta1\S*.*\n`)
		if w, g := detailedShape(lacking.ReplaceAllString(want, "")), detailedShape(got); w != g {
			t.Errorf("-hh differs from upstream in shape:\n%s", refmodtest.FirstLines([]byte(g), []byte(w)))
		}
	})
	t.Run("-h", func(t *testing.T) {
		cmd := exec.Command(upstream(t), "-h")
		var want bytes.Buffer
		cmd.Stderr = &want
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if code := run([]string{"-h"}, io.Discard, &got); code != 0 {
			t.Fatalf("exit %d", code)
		}
		// Upstream's options for generators this tool lacks, and crd's
		// v1beta1 option, are left out of ours.
		skip := regexp.MustCompile(`^\+applyconfiguration`)
		var wantRows, gotRows []string
		for _, l := range strings.Split(strings.ReplaceAll(want.String(), "[,deprecatedV1beta1CompatibilityPreserveUnknownFields=<bool>]", ""), "\n") {
			if strings.HasPrefix(l, "+") && !skip.MatchString(l) {
				wantRows = append(wantRows, strings.Fields(l)[0])
			}
		}
		for _, l := range strings.Split(got.String(), "\n") {
			if strings.HasPrefix(l, "+") {
				gotRows = append(gotRows, strings.Fields(l)[0])
			}
		}
		if !slices.Equal(wantRows, gotRows) {
			t.Errorf("option rows differ:\ngot  %q\nwant %q", gotRows, wantRows)
		}
		for _, section := range []string{"Usage:\n", "\nExamples:\n", "\nFlags:\n", "\n\nOptions\n\n", "\ngenerators\n\n", "\ngeneric\n\n", "\noutput rules (optionally as output:<generator>:...)\n\n"} {
			if !strings.Contains(got.String(), section) {
				t.Errorf("no %q section", section)
			}
		}
	})
}

// helpOutputs runs upstream and ours with args and returns what each
// printed. Ours must print on the stream upstream prints on.
func helpOutputs(t *testing.T, args []string) (want, got string) {
	t.Helper()
	cmd := exec.Command(upstream(t), args...)
	var wOut, wErr, gOut, gErr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &wOut, &wErr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if code := run(args, &gOut, &gErr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if (wOut.Len() == 0) != (gOut.Len() == 0) || (wErr.Len() == 0) != (gErr.Len() == 0) {
		t.Errorf("upstream printed %d bytes to stdout and %d to stderr; ours %d and %d", wOut.Len(), wErr.Len(), gOut.Len(), gErr.Len())
	}
	return wOut.String() + wErr.String(), gOut.String() + gErr.String()
}

// detailedShape keeps of -ww's output what is not prose: titles, marker
// and target lines, and each argument's syntax; a summary becomes "-".
func detailedShape(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		rest, indented := strings.CutPrefix(l, "\t")
		switch f := strings.Fields(rest); {
		case !indented:
			b.WriteString(l + "\n")
		case len(f) > 0 && strings.Contains(f[0], "=<"):
			b.WriteString("\t" + f[0] + "\n")
		default:
			b.WriteString("\t-\n")
		}
	}
	return b.String()
}

// jsonShape is -wwww's output without summaries and details, one line per
// marker.
func jsonShape(t *testing.T, out string) string {
	t.Helper()
	var cats []struct {
		Category string
		Markers  []struct {
			Name, Target, Category string
			Fields                 []struct {
				Name, Type string
				Optional   bool
				ItemType   *struct{ Type string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &cats); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range cats {
		for _, m := range c.Markers {
			fmt.Fprintf(&b, "%s %s %s %s", c.Category, m.Category, m.Name, m.Target)
			for _, f := range m.Fields {
				fmt.Fprintf(&b, " %s:%s:%v", f.Name, f.Type, f.Optional)
				if f.ItemType != nil {
					fmt.Fprintf(&b, ":%s", f.ItemType.Type)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestEveryMarker requires each marker that -w lists to appear at least
// once in testdata/crd/features, whose output TestFeatures and
// TestAllGenerators compare with upstream's.
func TestEveryMarker(t *testing.T) {
	used := map[string]bool{}
	marker := regexp.MustCompile(`(?m)^\s*// \+([A-Za-z0-9:_.-]+)`)
	err := filepath.WalkDir("../../testdata/crd/features", func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		for _, m := range marker.FindAllStringSubmatch(string(b), -1) {
			for name := m[1]; name != ""; name = name[:max(strings.LastIndexByte(name, ':'), 0)] {
				used[name] = true
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, cat := range crd.MarkerHelp(generatorNames) {
		for _, r := range cat.Rows {
			if !used[r.Name] {
				t.Errorf("+%s (%s, %s) is used nowhere in testdata/crd/features", r.Name, cat.Name, r.Target)
			}
		}
	}
}

// TestTypeForms covers what controller-gen v0.23.0 cannot do, in
// testdata/crd/typeforms: a generic struct instantiated with a basic and a
// struct type (upstream: "unsupported AST kind *ast.IndexExpr",
// controller-tools #756) and an alias of a map type with a CEL rule
// (upstream: "unsupported type *types.Map", and the rule is lost,
// controller-tools #1462), beside aliases of a basic and a struct type,
// which upstream handles. Upstream must still fail as described; ours
// must write golden/typeforms.yaml, whose schema is the one the types
// would have if written out without generics or aliases.
func TestTypeForms(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/typeforms")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	up := exec.Command(upstream(t), "crd", "paths=./...", "output:crd:dir="+t.TempDir())
	up.Dir = dir
	out, err := up.CombinedOutput()
	for _, want := range []string{"types.go:37:8: unsupported AST kind *ast.IndexExpr", "unsupported type *types.Map for identifier Labels"} {
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("upstream no longer fails with %q (err %v):\n%s", want, err, out)
		}
	}
	t.Chdir(dir)
	ours := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"crd", "paths=./...", "output:crd:dir=" + ours}, os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(ours, "typeforms.example_things.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	refmodtest.Golden(t, filepath.Join(src, "../golden/typeforms.yaml"), string(got))
}

// TestSkippedVersionMarkers: controller-gen applies a type's markers in
// map order, so a subresource, printer column or selectable field of a
// version that +kubebuilder:skipversion removes stops it only when it
// comes after skipversion. Ours warns at each and generates, every time;
// whenever upstream generates, the bytes are the same.
func TestSkippedVersionMarkers(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	t.Chdir(filepath.Join(dir, "bad"))
	args := []string{"crd", "paths=./skipversion/..."}
	ours := filepath.Join(t.TempDir(), "ours")
	var stderr bytes.Buffer
	if code := run(append(args, "output:dir="+ours), os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0:\n%s", code, stderr.String())
	}
	for _, m := range []string{"subresource:status", "printcolumn", "selectablefield"} {
		if !strings.Contains(stderr.String(), "warning: +kubebuilder:"+m+" has no effect: v1 is left out of the CRD") {
			t.Errorf("no warning for +kubebuilder:%s:\n%s", m, stderr.String())
		}
	}
	generated := 0
	for i := range 8 {
		up := filepath.Join(t.TempDir(), fmt.Sprint("up", i))
		if err := exec.Command(upstream(t), append(args, "output:dir="+up)...).Run(); err == nil {
			generated++
			sameFiles(t, readDir(t, up), readDir(t, ours))
		}
	}
	t.Logf("upstream generated in %d of 8 runs", generated)
}
