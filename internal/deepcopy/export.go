package deepcopy

import (
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// Writer writes the methods of one type at a time in controller-gen's form
// (no closing return in DeepCopyInto, no DeepCopy<Interface> methods),
// naming other packages through the caller's import tracker. It lets
// controller-gen's object generator share this package's copying code.
type Writer struct{ e *emitter }

// NewWriter returns a Writer for types of package p.
func NewWriter(m *model.Model, p *model.Package, tracker namer.ImportTracker, diags *diag.List) *Writer {
	return &Writer{e: &emitter{m: m, pkg: p.Path, raw: namer.NewRawNamer(p.Path, tracker), diags: diags, plain: true}}
}

// Methods returns DeepCopyInto and DeepCopy for t, less those written by
// hand.
func (w *Writer) Methods(t *types.Type) []byte {
	w.e.buf.Reset()
	w.e.typeMethods(t)
	return append([]byte(nil), w.e.buf.Bytes()...)
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
