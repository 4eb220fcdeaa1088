package crdconversion_test

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/gentest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

var update = flag.Bool("update", false, "rewrite testdata/crdconversion/golden/<case>.txt from this run's diagnostics")

// fixture is the module of API groups the tests generate from, one group
// below apis/ per case.
const fixture = "../../testdata/crdconversion"

// TestBadInput runs apigen generate --generators conversion,crdconversion,
// in process, on one bad group of a copy of the fixture per case. Each run
// must exit 1, print exactly golden/<case>.txt (positions relative to the
// copy, every one a real line of it), say what the case is about, and
// leave the copy's files as they were.
func TestBadInput(t *testing.T) {
	t.Setenv("APIGEN_CACHE", "off")
	src := fixtureDir(t)
	cases := []struct {
		name string
		want []string // in the diagnostics, whatever the golden says
	}{
		// Two versions marked +apigen:conversion:hub.
		{"twohubs", []string{"group twohubs.crdconv.example has 2 hubs (v1, v2)"}},
		// Two versions with root kinds, neither the hub nor stored.
		{"nohub", []string{"group nohub.crdconv.example has versions v1, v2 but no hub"}},
		// A spoke field the hub has no counterpart for, and no function
		// written by hand: the conversion generator names the field and
		// the function to write.
		{"spokefield", []string{
			"GizmoSpec.Legacy requires manual conversion",
			"\tfunc Convert_v1_GizmoSpec_To_v2_GizmoSpec(in *GizmoSpec, out *v2.GizmoSpec, s conversion.Scope) error\n",
		}},
		// +apigen:conversion:webhook on the hub's spec, not its kind.
		{"webhooknotroot", []string{"+apigen:conversion:webhook is on GizmoSpec, which is not a root kind"}},
		// +apigen:conversion:webhook:path=/convert: neither url= nor a service.
		{"webhooknoconfig", []string{"+apigen:conversion:webhook names no client config"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyFixture(t, src)
			t.Chdir(dir) // diagnostics name files relative to the working directory
			before := refmodtest.Files(t, dir)
			code, stdout, stderr := generate(t, "--generators", "conversion,crdconversion", "./apis/"+c.name+"/...")
			unchanged(t, dir, before)
			// Messages that cite other positions spell them absolute; the
			// golden holds them relative to the copy, as the leading ones.
			got := strings.ReplaceAll(stderr, dir+string(filepath.Separator), "")
			golden := filepath.Join(src, "golden", c.name+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, err := os.ReadFile(golden); err != nil {
				t.Fatal(err)
			} else if got != string(want) {
				t.Errorf("diagnostics differ from %s.\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
			if code != 1 {
				t.Errorf("exit status %d, want 1; stdout:\n%s", code, stdout)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("diagnostics lack %q:\n%s", w, got)
				}
			}
			checkPositions(t, dir, got)
		})
	}
}

// TestKeptFieldsRoundTrip generates the kept group of the fixture, whose
// spoke v1 lacks hub fields of every shape the kept-fields annotation
// handles: whole (a string, a map, a pointer, a struct the spoke does not
// have), and, inside a struct both have, nested, through a pointer, in a
// slice and in a map. The generated round-trip tests must pass and every
// generated package vet clean.
func TestKeptFieldsRoundTrip(t *testing.T) {
	roundTrip(t, "kept", map[string]map[string]string{
		// Fields both versions have are kept too, when a trip loses them.
		"keptPart": {"Name": "*keptValue[string]", "Weight": "*keptValue[int32]", "Tags": "*keptValue[[]string]"},
		"keptWidgetSpec": {
			"Size": "*keptValue[int32]", "Color": "*keptValue[string]", "Labels": "*keptValue[map[string]string]",
			"Backup": "*keptValue[*v2.Part]", "Limits": "*keptValue[v2.Limits]",
			"Main": "*keptPart", "Spare": "*keptPart", "Parts": "[]*keptPart", "PartsByName": "map[string]*keptPart",
		},
		"keptWidget": {"Spec": "*keptWidgetSpec"},
	})
}

// TestKeptFieldsCycles generates the keptcycles group, whose hub has a
// field v1 lacks in a type that holds itself, by a slice and through
// another type by a pointer and a map, at every depth; a type that holds
// itself, whose fields are kept as every shared field is; and two types named Extra, its own and one of
// another package, that both keep a field.
func TestKeptFieldsCycles(t *testing.T) {
	roundTrip(t, "keptcycles", map[string]map[string]string{
		"keptTree":       {"Label": "*keptValue[string]", "Weight": "*keptValue[int32]", "Children": "[]*keptTree", "Branch": "*keptBranch"},
		"keptBranch":     {"Trees": "map[string]*keptTree"},
		"keptExtra":      {"Name": "*keptValue[string]", "Size": "*keptValue[int64]"},  // v2.Extra, met first
		"keptExtra2":     {"Name": "*keptValue[string]", "Note": "*keptValue[string]"}, // alpha.Extra
		"keptPlain":      {"Label": "*keptValue[string]", "Sub": "[]*keptPlain"},
		"keptWidgetSpec": {"Tree": "*keptTree", "Local": "*keptExtra", "Shared": "*keptExtra2", "Plain": "*keptPlain"},
		"keptWidget":     {"Spec": "*keptWidgetSpec"},
	})
}

// roundTrip generates group's conversions, webhook and round-trip tests
// in a copy of the fixture. The spoke's kept structs must be those of want
// (name to field to type), each generated package must vet clean, and the
// round-trip tests must run and pass.
func roundTrip(t *testing.T, group string, want map[string]map[string]string) {
	t.Setenv("APIGEN_CACHE", "off")
	dir := copyFixture(t, fixtureDir(t))
	code, stdout, stderr := generate(t, "-C", dir, "--generators", "conversion,crdconversion", "--crdconversion-roundtrip-tests", "./apis/"+group+"/...")
	if code != 0 || stderr != "" {
		t.Fatalf("exit status %d, stderr:\n%s\nstdout:\n%s", code, stderr, stdout)
	}
	root := filepath.Join(dir, "apis", group)
	for _, f := range []string{
		"v1/zz_generated.conversion.go",
		"v1/zz_generated.hubspoke.go",
		"v1/zz_generated.roundtrip_test.go",
		"v2/zz_generated.hubspoke.go",
		"conversion/zz_generated.webhook.go",
	} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Error(err)
		}
	}
	// The annotation's structs must keep each shape as designed, so that
	// the round trips below go through all of them.
	got := keptStructs(t, filepath.Join(root, "v1", "zz_generated.hubspoke.go"))
	if !maps.EqualFunc(got, want, maps.Equal) {
		t.Errorf("kept structs:\n%v\nwant:\n%v", got, want)
	}
	goCmd(t, dir, "vet", "./apis/"+group+"/...")
	out := goCmd(t, dir, "test", "-count=1", "-v", "-run", "^TestWidgetThrough", "./apis/"+group+"/v1")
	for _, test := range []string{"TestWidgetThroughSpoke", "TestWidgetThroughHub"} {
		if !strings.Contains(out, "--- PASS: "+test+" ") {
			t.Errorf("%s did not run and pass:\n%s", test, out)
		}
	}
}

// generate runs apigen generate in process.
var generate = gentest.Generate

func fixtureDir(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(fixture)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// copyFixture copies the fixture, without its goldens, to a writable
// directory named without symbolic links, so that positions print
// relative to it.
func copyFixture(t *testing.T, src string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(refmodtest.CopyDir(t, src))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(dir, "golden")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// position is a file:line:col in a diagnostic, at its start or in its text.
var position = regexp.MustCompile(`(?:^|[\s(])([\w./-]+\.go):(\d+):(\d+)`)

// checkPositions checks that the diagnostics are there and that each
// position they give is a line of a file of dir that holds something, and
// that each line of them starts with one or continues the one before with
// a tab.
func checkPositions(t *testing.T, dir, diags string) {
	t.Helper()
	if diags == "" {
		t.Fatal("no diagnostics")
	}
	for line := range strings.Lines(diags) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "\t") {
			continue
		}
		if m := position.FindStringSubmatchIndex(line); m == nil || m[2] != 0 {
			t.Errorf("diagnostic does not start with file:line:col: %q", line)
		}
		for _, m := range position.FindAllStringSubmatch(line, -1) {
			file, n, col := m[1], atoi(t, m[2]), atoi(t, m[3])
			if filepath.IsAbs(file) {
				t.Errorf("%s: absolute path in %q", file, line)
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Errorf("%q: %v", line, err)
				continue
			}
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			switch {
			case n < 1 || n > len(lines):
				t.Errorf("%s has %d lines, no line %d (%q)", file, len(lines), n, line)
			case strings.TrimSpace(lines[n-1]) == "" || col < 1 || col > len(lines[n-1])+1:
				t.Errorf("%s:%d:%d is no position of text: line %q (%q)", file, n, col, lines[n-1], line)
			}
		}
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// unchanged checks that a failed run left dir as before: no file added,
// removed or changed, zz_generated files above all.
func unchanged(t *testing.T, dir string, before map[string]string) {
	t.Helper()
	after := refmodtest.Files(t, dir)
	for _, f := range slices.Sorted(maps.Keys(after)) {
		switch old, ok := before[f]; {
		case !ok && strings.HasPrefix(filepath.Base(f), "zz_generated"):
			t.Errorf("the failed run generated %s", f)
		case !ok:
			t.Errorf("the failed run added %s", f)
		case old != after[f]:
			t.Errorf("the failed run changed %s", f)
		}
	}
	for f := range before {
		if _, ok := after[f]; !ok {
			t.Errorf("the failed run removed %s", f)
		}
	}
}

// keptStructs returns the fields, name to type, of the structs named
// kept* in file.
func keptStructs(t *testing.T, file string) map[string]map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || !strings.HasPrefix(ts.Name.Name, "kept") || ts.Name.Name == "keptValue" {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return true
		}
		fields := map[string]string{}
		for _, fd := range st.Fields.List {
			for _, n := range fd.Names {
				fields[n.Name] = types.ExprString(fd.Type)
			}
		}
		out[ts.Name.Name] = fields
		return false
	})
	return out
}

// goCmd runs the go command in the fixture module dir, with no workspace
// and go.mod as it is, and returns its output.
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
