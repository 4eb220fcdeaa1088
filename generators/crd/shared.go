package crd

import (
	"runtime"
	"sync"
	"weak"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// The crd, rbac and webhook generators of one run read the same packages
// with the same markers, each on its own goroutine; the first to need a
// package reads it for all. Entries live as long as their model.
var (
	sharedMu    sync.Mutex
	sharedReads = map[weak.Pointer[model.Model]]map[*packages.Package]*sharedRead{}
)

// sharedRead is one package read once: its pkgInfo and the problems of
// package markers outside doc.go, for the generator that reports them.
type sharedRead struct {
	once sync.Once
	pi   *pkgInfo
	loud []diag.Diagnostic
}

// readOnce returns the shared read of p for model m.
func (c *collector) readOnce(m *model.Model, p *packages.Package, diags *diag.List) *pkgInfo {
	key := weak.Make(m)
	sharedMu.Lock()
	reads := sharedReads[key]
	if reads == nil {
		reads = map[*packages.Package]*sharedRead{}
		sharedReads[key] = reads
		runtime.AddCleanup(m, func(k weak.Pointer[model.Model]) {
			sharedMu.Lock()
			delete(sharedReads, k)
			sharedMu.Unlock()
		}, key)
	}
	r := reads[p]
	if r == nil {
		r = &sharedRead{}
		reads[p] = r
	}
	sharedMu.Unlock()
	r.once.Do(func() {
		loud := &diag.List{}
		r.pi = c.read(p, loud)
		r.loud = loud.Sorted()
	})
	if diags != nil {
		diags.Add(r.loud...)
	}
	return r.pi
}
