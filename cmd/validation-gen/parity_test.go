package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/generators/validation/validators"
	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/output"
)

const (
	outputName  = "zz_generated.validations.go"
	testsDir    = "cmd/validation-gen/output_tests"
	testsModule = "k8s.io/code-generator@v0.37.2"
)

// generated picks the files validation-gen writes: the validations, their
// fixture tests and coverage tests.
func generated(p string, _ []byte) bool {
	return strings.HasPrefix(filepath.Base(p), "zz_generated.validations")
}

// outputTests copies code-generator and returns it and its validation-gen
// output_tests directory, with the header file upstream used.
func outputTests(t *testing.T) (module, tests, header string) {
	module = refmodtest.Copy(t, testsModule)
	tests = filepath.Join(module, testsDir)
	header = refmodtest.Lines(t, filepath.Join(tests, "tags/required", outputName), 4, 18)
	return module, tests, header
}

// TestParityOutputTests regenerates upstream's validation-gen golden
// corpus with the command line of its go:generate line, and compares
// every file byte for byte.
func TestParityOutputTests(t *testing.T) {
	_, tests, header := outputTests(t)
	shipped, _ := paritytest.Split(t, tests, generated)
	if len(shipped) < 180 {
		t.Fatalf("output_tests ship %d generated files, expected about 188", len(shipped))
	}
	var stderr bytes.Buffer
	args := []string{"-C", tests, "--output-file", outputName, "--go-header-file", header, "./..."}
	if code := run(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	paritytest.CompareMatching(t, tests, shipped, generated)
}

// tagLine finds the tags a directory's sources use.
var tagLine = regexp.MustCompile(`(?m)^\s*//\s*\+(k8s:[A-Za-z0-9_-]+)`)

// coreTags are the tags the generator itself reads.
var coreTags = []string{"k8s:validation-gen", "k8s:validation-gen-input", "k8s:validation-gen-scheme-registry",
	"k8s:validation-gen-test-fixture", "k8s:validation-gen-test-targets", "k8s:validation-gen-nolint",
	"k8s:isSubresource", "k8s:supportsSubresource"}

// missingTags returns the +k8s: tags of dir's Go files that no validator
// of this build knows, nested ones included.
func missingTags(t *testing.T, dir string, known []string) []string {
	t.Helper()
	var missing []string
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasPrefix(filepath.Base(f), "zz_generated") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if !tagLine.MatchString(line) {
				continue
			}
			for _, m := range regexp.MustCompile(`\+(k8s:[A-Za-z0-9_-]+)`).FindAllStringSubmatch(line, -1) {
				if name := m[1]; !slices.Contains(known, name) && !slices.Contains(missing, name) {
					missing = append(missing, name)
				}
			}
		}
	}
	return missing
}

// companions are the packages that a directory's types refer to, which
// must be generated with it.
var companions = map[string][]string{
	"cross_pkg":                    {"./primitives", "./typedefs"},
	"type_args":                    {"./primitives"},
	"multiple_packages/consumer":   {"./multiple_packages/..."},
	"multiple_packages/external":   {"./multiple_packages/..."},
	"multiple_packages/registered": {"./multiple_packages/..."},
}

// TestParityByDirectory regenerates each output_tests package on its own
// (or with the packages it refers to) and reports, per directory, whether
// it is identical, differs, or was not run because it uses a tag no
// validator implements yet. A directory whose tags are all implemented
// must be identical.
func TestParityByDirectory(t *testing.T) {
	_, tests, header := outputTests(t)
	shipped, _ := paritytest.Split(t, tests, generated)
	known := append(validators.New(validators.Config{}).Names(), coreTags...)
	dirs := map[string]bool{}
	for p := range shipped {
		dirs[filepath.Dir(p)] = true
	}
	var identical, differ, skipped []string
	for _, dir := range sortedKeys(dirs) {
		rel, _ := filepath.Rel(tests, dir)
		patterns := append([]string{"./" + rel}, companions[rel]...)
		// A directory whose tags look unknown to this build is still run:
		// the names may stand in prose. Only a failure there counts as
		// "not implemented yet".
		missing := missingTags(t, dir, known)
		if len(missing) > 0 && !regenerates(t, tests, header, dir, patterns, shipped) {
			skipped = append(skipped, rel+" (needs "+strings.Join(missing, ", ")+")")
			continue
		}
		ok := t.Run(rel, func(t *testing.T) {
			var stderr bytes.Buffer
			args := append([]string{"-C", tests, "--output-file", outputName, "--go-header-file", header}, patterns...)
			if code := run(args, io.Discard, &stderr); code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr.String())
			}
			for p, w := range shipped {
				if filepath.Dir(p) != dir {
					continue
				}
				got, err := os.ReadFile(p)
				switch {
				case err != nil:
					t.Errorf("%s: not generated", p)
				case !bytes.Equal(got, w):
					t.Errorf("%s differs from upstream:\n%s", p, output.Diff("upstream", "apigen", string(w), string(got)))
				}
			}
		})
		if ok {
			identical = append(identical, rel)
		} else {
			differ = append(differ, rel)
		}
	}
	t.Logf("identical: %d, differ: %d, not run (tag not implemented): %d", len(identical), len(differ), len(skipped))
	for _, s := range skipped {
		t.Logf("not run: %s", s)
	}
	for _, d := range differ {
		t.Logf("differs: %s", d)
	}
}

// regenerates reports whether generating patterns succeeds and writes
// dir's shipped files unchanged.
func regenerates(t *testing.T, tests, header, dir string, patterns []string, shipped map[string][]byte) bool {
	args := append([]string{"-C", tests, "--output-file", outputName, "--go-header-file", header}, patterns...)
	if run(args, io.Discard, io.Discard) != 0 {
		return false
	}
	for p, w := range shipped {
		if got, err := os.ReadFile(p); filepath.Dir(p) == dir && (err != nil || !bytes.Equal(got, w)) {
			return false
		}
	}
	return true
}

// TestOutputTestsPass runs the Go tests of the regenerated output_tests,
// upstream's behaviour tests of the generated code.
func TestOutputTestsPass(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test over the whole corpus")
	}
	_, tests, header := outputTests(t)
	paritytest.Split(t, tests, generated)
	var stderr bytes.Buffer
	args := []string{"-C", tests, "--output-file", outputName, "--go-header-file", header, "./..."}
	if code := run(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = tests
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", tests, err, out)
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
