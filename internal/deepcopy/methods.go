package deepcopy

import (
	"fmt"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// Hand-written methods take precedence over generated ones. A type's author
// may write either of these, with a value or a pointer receiver:
//
//	func (in *T) DeepCopy() *T     or   func (in T) DeepCopy() T
//	func (in *T) DeepCopyInto(out *T)

// deepCopyOf returns the signature of t's hand-written DeepCopy, or nil.
func deepCopyOf(t *types.Type) (*types.Signature, error) {
	f, ok := t.Methods["DeepCopy"]
	if !ok {
		return nil, nil
	}
	s := f.Signature
	if len(s.Parameters) != 0 || len(s.Results) != 1 {
		return nil, fmt.Errorf("method %s.DeepCopy must take no parameters and return one result", t.Name.Name)
	}
	res := s.Results[0].Type
	ptrResult := res.Kind == types.Pointer && res.Elem.Name == t.Name
	valResult := res.Name == t.Name
	if !ptrResult && !valResult {
		return nil, fmt.Errorf("method %s.DeepCopy must return %s or *%s", t.Name.Name, t.Name.Name, t.Name.Name)
	}
	if r := s.Receiver; r != nil {
		if r.Kind == types.Pointer && r.Elem.Name == t.Name && !ptrResult {
			return nil, fmt.Errorf("method (*%s).DeepCopy must return *%s", t.Name.Name, t.Name.Name)
		}
		if r.Name == t.Name && !valResult {
			return nil, fmt.Errorf("method (%s).DeepCopy must return %s", t.Name.Name, t.Name.Name)
		}
	}
	return s, nil
}

// deepCopyIntoOf returns the signature of t's hand-written DeepCopyInto, or nil.
func deepCopyIntoOf(t *types.Type) (*types.Signature, error) {
	f, ok := t.Methods["DeepCopyInto"]
	if !ok {
		return nil, nil
	}
	s := f.Signature
	if len(s.Parameters) != 1 || len(s.Results) != 0 {
		return nil, fmt.Errorf("method %s.DeepCopyInto must take one parameter and return nothing", t.Name.Name)
	}
	if p := s.Parameters[0].Type; p.Kind != types.Pointer || p.Elem.Name != t.Name {
		return nil, fmt.Errorf("method %s.DeepCopyInto must take a *%s", t.Name.Name, t.Name.Name)
	}
	return s, nil
}

// handWritten returns t's hand-written methods, recording a diagnostic
// (and returning nil) for one with the wrong signature.
func handWritten(m *model.Model, t *types.Type, diags *diag.List) (dc, dci *types.Signature) {
	dc, err1 := deepCopyOf(t)
	dci, err2 := deepCopyIntoOf(t)
	for _, err := range []error{err1, err2} {
		if err != nil {
			diags.Errorf(m.Position(t), "%v", err)
		}
	}
	return dc, dci
}

func hasMethods(m *model.Model, t *types.Type, diags *diag.List) bool {
	dc, dci := handWritten(m, t, diags)
	return dc != nil || dci != nil
}
