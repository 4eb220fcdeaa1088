// Package diag collects problems found while generating, each with the
// source position it is about, so a run can report all of them at once.
package diag

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Diagnostic is one problem. Pos may be invalid for problems that belong to
// no source line, such as a package pattern that matched nothing.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

// String renders the diagnostic as "file:line:col: message".
func (d Diagnostic) String() string {
	if !d.Pos.IsValid() {
		return d.Msg
	}
	return fmt.Sprintf("%s: %s", d.Pos, d.Msg)
}

// List accumulates diagnostics. It is safe for concurrent use.
type List struct {
	mu    sync.Mutex
	items []Diagnostic
}

// Errorf records a problem at pos.
func (l *List) Errorf(pos token.Position, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Add records diagnostics.
func (l *List) Add(ds ...Diagnostic) {
	l.mu.Lock()
	l.items = append(l.items, ds...)
	l.mu.Unlock()
}

// Len reports how many diagnostics were recorded.
func (l *List) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items)
}

// Sorted returns the diagnostics ordered by position, without duplicates.
// Diagnostics without a position come first.
func (l *List) Sorted() []Diagnostic {
	l.mu.Lock()
	out := slices.Clone(l.items)
	l.mu.Unlock()
	slices.SortFunc(out, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Msg, b.Msg))
	})
	return slices.Compact(out)
}

// Print writes every diagnostic, one a line, with file names relative to
// the working directory where that is shorter.
func (l *List) Print(w io.Writer) {
	wd, _ := os.Getwd()
	for _, d := range l.Sorted() {
		d.Pos.Filename = relative(wd, d.Pos.Filename)
		fmt.Fprintln(w, d)
	}
}

// Err returns nil for an empty list, or an error listing every diagnostic.
func (l *List) Err() error {
	if l.Len() == 0 {
		return nil
	}
	var b strings.Builder
	l.Print(&b)
	return fmt.Errorf("%s", strings.TrimSuffix(b.String(), "\n"))
}

func relative(wd, file string) string {
	if wd == "" || !filepath.IsAbs(file) {
		return file
	}
	rel, err := filepath.Rel(wd, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file
	}
	return rel
}
