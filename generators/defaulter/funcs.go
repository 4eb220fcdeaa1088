package defaulter

import (
	"maps"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// handWritten are the defaulting functions written for one type T, all of
// the form func(*T).
type handWritten struct {
	// object is SetObjectDefaults_T: it defaults everything T holds.
	object *types.Type
	// base is SetDefaults_T, which defaults T itself; nested defaulters are
	// still called after it unless it is marked as covering them.
	base *types.Type
	// more are SetDefaults_T_<Suffix>, called after base, by name.
	more []*types.Type
}

// functionNamer spells the name a defaulting function for a type must have:
// prefix plus the type's name (joined by "_" for unnamed types, as gengo's
// name strategies do).
func functionNamer(prefix string) *namer.NameStrategy {
	return &namer.NameStrategy{
		Prefix: prefix,
		Join: func(pre string, parts []string, post string) string {
			return pre + strings.Join(parts, "_") + post
		},
	}
}

// library collects hand-written defaulting functions by the type they take.
// Packages are added one at a time, in the order upstream scans them.
type library struct {
	m         *model.Model
	diags     *diag.List
	byType    map[*types.Type]handWritten
	baseNames *namer.NameStrategy
	objNames  *namer.NameStrategy
}

func newLibrary(m *model.Model, diags *diag.List) *library {
	return &library{
		m:         m,
		diags:     diags,
		byType:    map[*types.Type]handWritten{},
		baseNames: functionNamer("SetDefaults_"),
		objNames:  functionNamer("SetObjectDefaults_"),
	}
}

// add records the defaulting functions of p. Adding a package again adds
// nothing new.
func (l *library) add(p *model.Package) {
	for _, name := range slices.Sorted(maps.Keys(p.Functions)) {
		f := p.Functions[name]
		t := defaultedType(f)
		if t == nil {
			continue
		}
		h := l.byType[t]
		base := l.baseNames.Name(t)
		switch {
		case name == base:
			h.base = l.claim(h.base, f)
		case strings.HasPrefix(name, base+"_"):
			if !slices.ContainsFunc(h.more, func(o *types.Type) bool { return o.Name == f.Name }) {
				h.more = append(h.more, f)
			}
		case name == l.objNames.Name(t):
			h.object = l.claim(h.object, f)
		}
		l.byType[t] = h
	}
}

// claim returns f for a slot that held prev, reporting two different
// functions for one slot.
func (l *library) claim(prev, f *types.Type) *types.Type {
	if prev != nil && prev.Name != f.Name {
		l.diags.Errorf(l.m.Position(f), "%s.%s defaults the same type as %s.%s; keep one of them",
			f.Name.Package, f.Name.Name, prev.Name.Package, prev.Name.Name)
	}
	return f
}

// defaultedType returns T if f is a plain function taking one *T and
// returning nothing, the shape of every defaulting function.
func defaultedType(f *types.Type) *types.Type {
	u := f.Underlying
	if u == nil || u.Kind != types.Func || u.Signature == nil {
		return nil
	}
	sig := u.Signature
	if sig.Receiver != nil || len(sig.Parameters) != 1 || len(sig.Results) != 0 {
		return nil
	}
	in := sig.Parameters[0].Type
	if in.Kind != types.Pointer {
		return nil
	}
	return in.Elem
}

// covers reports whether a SetDefaults_ function is marked as defaulting
// everything its type holds.
func (l *library) covers(f *types.Type) bool {
	v, _ := enableFunc.Get(l.m.FuncMarkers(f))
	return v == "covers"
}
