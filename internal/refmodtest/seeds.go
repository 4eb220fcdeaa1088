package refmodtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Seeds are real inputs for fuzz targets: the marker lines ("+…" comment
// lines) and the struct tags of k8s.io/api and of this repository's
// testdata, each once, sorted.
type Seeds struct {
	MarkerLines []string
	StructTags  []string
}

// ReadSeeds reads the seeds from k8s.io/api@v0.37.2 and from the .go files
// below testdata, the directory at the given path.
func ReadSeeds(t testing.TB, testdata string) Seeds {
	t.Helper()
	lines, tags := map[string]bool{}, map[string]bool{}
	for _, root := range []string{Download(t, "k8s.io/api@v0.37.2"), testdata} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasPrefix(d.Name(), "zz_generated") || strings.HasSuffix(p, ".pb.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil // testdata holds broken files on purpose
			}
			for _, g := range f.Comments {
				for _, c := range g.List {
					if text := strings.TrimLeft(strings.TrimPrefix(c.Text, "//"), " \t"); strings.HasPrefix(text, "+") {
						lines[text] = true
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if fld, ok := n.(*ast.Field); ok && fld.Tag != nil {
					if tag, err := strconv.Unquote(fld.Tag.Value); err == nil {
						tags[tag] = true
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return Seeds{MarkerLines: sortedKeys(lines), StructTags: sortedKeys(tags)}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// SameError reports whether two results of one call agree: both nil, or
// both errors with the same text.
func SameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}
