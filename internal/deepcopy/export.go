package deepcopy

import (
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Writer writes the methods of one type at a time in controller-gen's form
// (no closing return in DeepCopyInto, no DeepCopy<Interface> methods),
// naming other packages as the file written to does. It lets
// controller-gen's object generator share this package's copying code.
type Writer struct{ e *emitter }

// NewWriter returns a Writer for types of package p.
func NewWriter(m *model.Model, p *model.Package, diags *diag.List) *Writer {
	return &Writer{e: &emitter{m: m, pkg: p.Path, diags: diags, plain: true}}
}

// Methods writes to f DeepCopyInto and DeepCopy for t, less those written
// by hand.
func (w *Writer) Methods(f *output.GoFile, t *types.Type) {
	w.e.f = f
	w.e.typeMethods(t)
}

// Copyable reports whether t gets methods when its package asks for all.
func Copyable(m *model.Model, t *types.Type) bool {
	ok, _ := copyable(m, t, &diag.List{})
	return ok
}

// HandWritten reports whether t's author wrote DeepCopy, and whether on
// a pointer receiver.
func HandWritten(m *model.Model, t *types.Type, diags *diag.List) (deepCopy, onPointer bool) {
	dc, _ := handWritten(m, t, diags)
	if dc == nil {
		return false, false
	}
	return true, t.Methods["DeepCopy"].Signature.Receiver.Kind == types.Pointer
}

// IsReference reports whether t's methods take a value receiver: t is a
// pointer, map or slice, or a named one.
func IsReference(t *types.Type) bool { return isReference(t) }
