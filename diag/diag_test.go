package diag

import (
	"go/token"
	"strings"
	"testing"
)

func at(file string, line int) token.Position {
	return token.Position{Filename: file, Line: line, Column: 1}
}

func TestPrintMarksWarnings(t *testing.T) {
	var l List
	l.Warnf(at("b.go", 3), "selects nothing")
	l.Errorf(at("a.go", 9), "bad value %q", "x")
	l.Warnf(token.Position{}, "pattern matched nothing")
	l.Errorf(at("b.go", 1), "unknown marker")
	l.Warnf(at("b.go", 3), "selects nothing") // a duplicate
	var b strings.Builder
	l.Print(&b)
	want := `warning: pattern matched nothing
a.go:9:1: bad value "x"
b.go:1:1: unknown marker
b.go:3:1: warning: selects nothing
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestSameMessageKeepsTheError(t *testing.T) {
	var l List
	l.Warnf(at("a.go", 2), "no effect")
	l.Errorf(at("a.go", 2), "no effect")
	got := l.Sorted()
	if len(got) != 1 || got[0].Severity != Error {
		t.Errorf("got %v, want the one error", got)
	}
}

func TestHasErrorsAndStrict(t *testing.T) {
	var l List
	if l.HasErrors() {
		t.Error("an empty list has errors")
	}
	l.Warnf(at("a.go", 1), "no effect")
	if l.HasErrors() || l.Len() != 1 {
		t.Errorf("one warning: HasErrors %v, Len %d", l.HasErrors(), l.Len())
	}
	l.Strict()
	if !l.HasErrors() {
		t.Error("Strict left the warning a warning")
	}
	if got := l.Sorted()[0].String(); got != "a.go:1:1: no effect" {
		t.Errorf("after Strict: %q", got)
	}
}
