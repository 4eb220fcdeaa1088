package gen

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var writeTo = flag.String("write", "", "write the module of seeds 1-20 of both dialects here")

// TestDeterministic renders each seed twice, from two generations: the
// bytes must agree, and every file must be gofmt'd Go (Render formats it).
func TestDeterministic(t *testing.T) {
	var all []*API
	for _, d := range []*Dialect{Deepcopy, CRD, Protobuf, Validation, Defaulter, Conversion} {
		for seed := range int64(20) {
			a, b := Generate(d, seed, "s"), Generate(d, seed, "s")
			fa, err := Render(a)
			if err != nil {
				t.Fatalf("%s seed %d: %v", d.Name, seed, err)
			}
			fb, _ := Render(b)
			for name := range fa {
				if !bytes.Equal(fa[name], fb[name]) {
					t.Errorf("%s seed %d: %s differs between two generations", d.Name, seed, name)
				}
			}
			all = append(all, Generate(d, seed, d.Name+string(rune('a'+seed))))
		}
	}
	if *writeTo != "" {
		files, err := RenderModule(all...)
		if err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			p := filepath.Join(*writeTo, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, b, 0o644)
		}
	}
}

// TestParseSource reads back what Source prints, renamed to a new root.
func TestParseSource(t *testing.T) {
	a := Generate(CRD, 3, "s3")
	b, _ := ParseSource("fixture", "a comment\n"+Source(a))
	fa, _ := Render(a)
	if len(b.Files) != len(fa) {
		t.Fatalf("%d files read back, want %d", len(b.Files), len(fa))
	}
	for name, want := range fa {
		renamed := strings.NewReplacer("fuzz.example/s3/", "fuzz.example/fixture/", "s3.fuzz.example", "fixture.fuzz.example").Replace(string(want))
		if got := string(b.Files["fixture/"+strings.TrimPrefix(name, "s3/")]); got != renamed {
			t.Errorf("%s read back as:\n%s\nwant:\n%s", name, got, renamed)
		}
	}
}
