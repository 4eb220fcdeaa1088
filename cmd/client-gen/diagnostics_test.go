package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs client-gen on packages with bad markers. Each run
// must exit 1, print exactly the diagnostics in
// testdata/client/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/client/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{
		"noverb":         {"things/v1"},                  // +genclient:method without verb=
		"inputverb":      {"things/v1"},                  // input= on a verb that takes none
		"genclientfalse": {"things/v1"},                  // +genclient=false
		"notstruct":      {"things/v1"},                  // +genclient on a slice type
		"markers":        {"things/v1"},                  // a misspelled marker, an unknown method key
		"checks":         {"things/v1"},                  // no List type, a method named like a verb, an undeclared result
		"samegoname":     {"widgetsa/v1", "widgetsb/v1"}, // two groups, one Go name
	}
	for name, inputs := range cases {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			want, err := os.ReadFile(filepath.Join("golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			out := t.TempDir()
			args := []string{"--output-dir", out, "--output-pkg", "client.example/diagnostics/out",
				"--input-base", "client.example/diagnostics/" + name}
			for _, in := range inputs {
				args = append(args, "--input", in)
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if got := stderr.String(); got != string(want) {
				t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
			}
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				t.Errorf("wrote %d entries into the output directory although the run failed", len(entries))
			}
		})
	}
}

// TestMarkerWarningsAsUpstream runs upstream's client-gen and ours on values
// upstream reads all the same (unknown and empty verbs, a presence marker
// with a value, a verb list given twice) and on two versions of a group
// with different +groupName:
// ours must write upstream's files and print exactly golden/<case>.txt,
// warnings only; with --strict, exit 1 and write nothing.
func TestMarkerWarningsAsUpstream(t *testing.T) {
	for name, input := range map[string]string{"unknownverb": "things/v1", "lenient": "things/v1", "twogroups": "things/v1,things/v2", "repeated": "things/v1"} {
		t.Run(name, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, "../../testdata/client/diagnostics")
			want, err := os.ReadFile(filepath.Join(dir, "golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"--output-dir", "out", "--output-pkg", "client.example/diagnostics/out",
				"--input-base", "client.example/diagnostics/" + name, "--input", input}
			runUpstream(t, dir, args...)
			root := filepath.Join(dir, "out")
			upstream, _ := paritytest.TakeGenerated(t, root, tool)
			t.Chdir(dir)
			var stderr bytes.Buffer
			if code := run(args, io.Discard, &stderr); code != 0 || stderr.String() != string(want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 0 and:\n%s", code, stderr.String(), want)
			}
			paritytest.Compare(t, root, upstream)
			os.RemoveAll(root)
			stderr.Reset()
			code := run(append([]string{"--strict"}, args...), io.Discard, &stderr)
			if _, err := os.Stat(root); code != 1 || err == nil || stderr.String() != strings.ReplaceAll(string(want), ": warning: ", ": ") {
				t.Errorf("--strict: exit %d, wrote %s: %v, stderr:\n%s", code, root, err == nil, stderr.String())
			}
		})
	}
}
