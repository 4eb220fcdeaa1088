package model

import (
	"strings"
	"sync"
)

// results holds values computed from a model, one per key and selection
// of packages, for all its views.
type results struct {
	mu      sync.Mutex
	entries map[string]*result
}

type result struct {
	once  sync.Once
	value any
}

// Result returns the value compute makes from m for key, computing it once
// for every view of the model that has the same packages (see Select):
// generators that need one result get the same value, whichever asks first.
func (m *Model) Result(key string, compute func() any) any {
	paths := make([]string, len(m.Packages))
	for i, p := range m.Packages {
		paths[i] = p.Path
	}
	full := key + "\x00" + strings.Join(paths, "\x00")
	r := m.results
	r.mu.Lock()
	if r.entries == nil {
		r.entries = map[string]*result{}
	}
	e := r.entries[full]
	if e == nil {
		e = &result{}
		r.entries[full] = e
	}
	r.mu.Unlock()
	e.once.Do(func() { e.value = compute() })
	return e.value
}
