package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/apigen-dev/apigen/compat" // the version diff pages
	"github.com/apigen-dev/apigen/internal/gentest"
)

// generate runs apigen generate in process.
var generate = gentest.Generate

// runDocs runs apigen docs --docs-output-dir outDir patterns... in the
// module at dir, and fails t if it fails.
func runDocs(t testing.TB, dir, outDir string, patterns ...string) (stderr string) {
	t.Helper()
	args := append([]string{"--generators", "docs", "-C", dir, "--docs-output-dir", outDir}, patterns...)
	code, _, errs := generate(t, args...)
	if code != 0 {
		t.Fatalf("apigen docs in %s: exit %d:\n%s", dir, code, errs)
	}
	return errs
}

// exampleSite writes the docs of the bundled example into a temporary
// directory and returns the directory of its HTML site.
func exampleSite(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	runDocs(t, dir, out, "./apis/...")
	return filepath.Join(out, "html")
}

// documented is what Markdown docs document: by Go package, by type, by
// the fields' JSON names, the text of each field's row.
type documented map[string]map[string]map[string]string

// readOurDocs parses the Markdown pages of a docs directory.
func readOurDocs(t testing.TB, dir string) documented {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := documented{}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var pkg, typ string
		for _, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "Go package [`"):
				pkg = strings.SplitN(strings.TrimPrefix(line, "Go package [`"), "`", 2)[0]
				out[pkg] = map[string]map[string]string{}
			case strings.HasPrefix(line, "### ") && pkg != "":
				typ = strings.TrimPrefix(line, "### ")
				out[pkg][typ] = map[string]string{}
			case strings.HasPrefix(line, "| `") && typ != "":
				name := strings.SplitN(strings.TrimPrefix(line, "| `"), "`", 2)[0]
				out[pkg][typ][name] = line
			}
		}
	}
	return out
}

// strictText is warnings as --strict prints them: as errors.
func strictText(warnings string) string { return strings.ReplaceAll(warnings, ": warning: ", ": ") }
