package markers

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestPackageComments(t *testing.T) {
	const src = `// +pkg=one

// Package p is a test.
package p

// +pkg=two
import "fmt"

// +pkg=three

// Foo's doc.
// +type=foo
type Foo struct {
	// +field=x
	X int
}

// +pkg=four

// F's doc.
func F() { fmt.Println() }

type (
	// +type=bar
	Bar int
)
// +pkg=five
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range PackageComments(f) {
		got = append(got, strings.TrimSpace(g.Text()))
	}
	want := []string{"+pkg=one", "Package p is a test.", "+pkg=two", "+pkg=three", "+pkg=four", "+pkg=five"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("package comments:\n%q\nwant\n%q", got, want)
	}
}
