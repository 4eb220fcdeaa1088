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

// Severity says whether a diagnostic fails the run.
type Severity int

const (
	// Error: upstream would write wrong code, or the input cannot mean
	// what it says. Nothing is written.
	Error Severity = iota
	// Warning: the input has no effect on what is generated. The run
	// goes on, unless warnings are made errors (Strict).
	Warning
)

// Diagnostic is one problem. Pos may be invalid for problems that belong to
// no source line, such as a package pattern that matched nothing.
type Diagnostic struct {
	Pos       token.Position
	Msg       string
	Severity  Severity
	Generator string // the generator that reported it; "" for the load and the model
	Category  string // the family of check (see Categories); "" for the generators' own
	Fix       *Fix   // a change to the source that resolves it, if one is certain
}

// The categories of checks, one analyzer each in apigen vet.
const (
	Markers     = "markers"     // unknown, misplaced, malformed or repeated markers
	CEL         = "cel"         // CEL rules that do not compile or are over the cost budget
	FeatureGate = "featuregate" // +featureGate markers
	Protobuf    = "protobuf"    // protobuf field numbers
	Conventions = "conventions" // the API-changes guide's rules
)

// Fix is a suggested change to the source.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes from Pos to End (of one file, by offset) with New.
type Edit struct {
	Pos, End token.Position
	New      string
}

// String renders the diagnostic as "file:line:col: message", with
// "warning: " before the message of a warning.
func (d Diagnostic) String() string {
	msg := d.Msg
	if d.Severity == Warning {
		msg = "warning: " + msg
	}
	if !d.Pos.IsValid() {
		return msg
	}
	return fmt.Sprintf("%s: %s", d.Pos, msg)
}

// List accumulates diagnostics. It is safe for concurrent use.
type List struct {
	mu    sync.Mutex
	items []Diagnostic
	// Of a list made by For or In: where it records, and the names it gives.
	parent    *List
	generator string
	category  string
}

// For returns a view of l for one generator: what it records goes to l
// with Generator set to generator; what it reads is all of l.
func (l *List) For(generator string) *List {
	return &List{parent: l.root(), generator: generator, category: l.category}
}

// In returns a view of l for one category of checks, as For does for a
// generator.
func (l *List) In(category string) *List {
	return &List{parent: l.root(), generator: l.generator, category: category}
}

func (l *List) root() *List {
	if l.parent != nil {
		return l.parent
	}
	return l
}

// Errorf records an error at pos.
func (l *List) Errorf(pos token.Position, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at pos: input that changes nothing generated.
func (l *List) Warnf(pos token.Position, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Severity: Warning})
}

// WarnFix records a warning at pos that fix resolves.
func (l *List) WarnFix(pos token.Position, fix *Fix, format string, args ...any) {
	l.Add(Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Severity: Warning, Fix: fix})
}

// Add records diagnostics.
func (l *List) Add(ds ...Diagnostic) {
	if l.parent != nil {
		ds = slices.Clone(ds)
		for i := range ds {
			if ds[i].Generator == "" {
				ds[i].Generator = l.generator
			}
			if ds[i].Category == "" {
				ds[i].Category = l.category
			}
		}
		l = l.parent
	}
	l.mu.Lock()
	l.items = append(l.items, ds...)
	l.mu.Unlock()
}

// Len reports how many diagnostics were recorded, warnings included.
func (l *List) Len() int {
	l = l.root()
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items)
}

// HasErrors reports whether an error was recorded.
func (l *List) HasErrors() bool {
	l = l.root()
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.ContainsFunc(l.items, func(d Diagnostic) bool { return d.Severity == Error })
}

// Strict makes every warning recorded so far an error.
func (l *List) Strict() {
	l = l.root()
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range l.items {
		l.items[i].Severity = Error
	}
}

// Sorted returns the diagnostics ordered by position, without duplicates;
// a message given both as an error and as a warning is kept as the error,
// and one given with a fix and without keeps the fix.
// Diagnostics without a position come first.
func (l *List) Sorted() []Diagnostic {
	l = l.root()
	l.mu.Lock()
	out := slices.Clone(l.items)
	l.mu.Unlock()
	slices.SortFunc(out, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Msg, b.Msg),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(fixless(a), fixless(b)))
	})
	return slices.CompactFunc(out, func(a, b Diagnostic) bool { return a.Pos == b.Pos && a.Msg == b.Msg })
}

// fixless orders a diagnostic with a fix before its twin without one, so
// that Sorted keeps the fix.
func fixless(d Diagnostic) int {
	if d.Fix != nil {
		return 0
	}
	return 1
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

// Err returns nil for an empty list, or an error listing every diagnostic,
// warnings included.
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
