package engine

import (
	"go/token"
	"sync/atomic"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// TestResultOncePerSelection computes a result from concurrent generators
// over views of one model: once per set of packages, with each caller
// getting the computation's diagnostics.
func TestResultOncePerSelection(t *testing.T) {
	_, m, diags := Open(Options{Dir: tempModule(t), Patterns: []string{"./..."}})
	if m == nil || diags.HasErrors() {
		t.Fatalf("load: %v", diags.Err())
	}
	var calls atomic.Int32
	count := &Result[int]{Name: "count", Compute: func(m *model.Model, d *diag.List) int {
		calls.Add(1)
		d.Warnf(token.Position{Filename: "x.go", Line: 1}, "computed")
		return len(m.Packages)
	}}
	onlyA := func(p *model.Package) bool { return p.Path == "m.example/a" }
	seen := make(chan int, 4)
	lists := make([]*diag.List, 4)
	for i := range lists {
		lists[i] = &diag.List{}
		view := m
		if i%2 == 1 {
			view = m.Select(onlyA)
		}
		go func() { seen <- count.Of(view, lists[i]) }()
	}
	got := map[int]int{}
	for range 4 {
		got[<-seen]++
	}
	if got[2] != 2 || got[1] != 2 {
		t.Errorf("values %v, want 2 and 1, twice each", got)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("computed %d times, want 2 (once per selection)", n)
	}
	for i, l := range lists {
		if l.Len() != 1 {
			t.Errorf("caller %d got %d diagnostics, want the computation's 1", i, l.Len())
		}
	}
}
