package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
		"unknownverb":    {"things/v1"},                  // +genclient:onlyVerbs with an unknown verb
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
