package load

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestBlankBodies(t *testing.T) {
	// Each body is written between the braces of its declaration.
	bodies := []string{
		"\n\treturn \"}{\" // }\n",
		" /* { */ return struct{}{} ",
		"\n\ts := `\n}`\n\t_ = '}'\n",
	}
	layout := "package p\n\n" +
		"func A(x interface{}) interface{ M() } {%s}\n\n" +
		"func (r *T) B() struct{} {%s}\n\n" +
		"func C[X interface{ ~int }](x X) {%s}\n\n" +
		"func D()\n\n" +
		"type T struct{ F func() }\n"
	var blanked []any
	var original []any
	for _, b := range bodies {
		original = append(original, b)
		blanked = append(blanked, strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, b))
	}
	src, want := fmt.Sprintf(layout, original...), fmt.Sprintf(layout, blanked...)
	if got := blankBodies([]byte(src)); string(got) != want {
		t.Fatalf("got:\n%q\nwant:\n%q", got, want)
	}
}

func TestBlankBodiesGivesUp(t *testing.T) {
	for _, src := range []string{"package p\nfunc A() {\n\ts := \"x\n}\n", "package p\nfunc A() {\n/* open\n"} {
		if blankBodies([]byte(src)) != nil {
			t.Errorf("blankBodies accepted %q", src)
		}
	}
}

// TestBlankBodiesKeepsDeclarations parses the standard library's net/http
// with and without blanking and expects the same top-level declarations at
// the same positions.
func TestBlankBodiesKeepsDeclarations(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	if len(files) == 0 {
		t.Skip("no GOROOT sources")
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		blanked := blankBodies(src)
		if blanked == nil {
			t.Errorf("%s: not blanked", name)
			continue
		}
		if got, want := decls(t, blanked), decls(t, src); got != want {
			t.Errorf("%s: declarations differ after blanking", name)
		}
	}
}

func decls(t *testing.T, src []byte) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			fd.Body = nil
		}
		b.WriteString(fset.Position(d.Pos()).String())
		ast.Fprint(&b, nil, d, ast.NotNilFilter)
	}
	return b.String()
}
