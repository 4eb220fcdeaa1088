package engine

import (
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// Result is a value several generators use, computed once per run from
// the model, such as the OpenAPI schemas of its types that openapi-gen's
// Go file and the OpenAPI v3 document both write. A Result lives in a
// neutral internal package, so that generators share it without
// importing each other.
type Result[T any] struct {
	Name    string // unique among results
	Compute func(m *model.Model, diags *diag.List) T
}

// computed is a Result's value and what its computation reported.
type computed[T any] struct {
	value T
	diags []diag.Diagnostic
}

// Of returns r's value for m, computing it on the first call for m's
// packages. Every caller's diags get the computation's diagnostics.
func (r *Result[T]) Of(m *model.Model, diags *diag.List) T {
	c := m.Result(r.Name, func() any {
		var found diag.List
		v := r.Compute(m, &found)
		return computed[T]{v, found.Sorted()}
	}).(computed[T])
	diags.Add(c.diags...)
	return c.value
}
