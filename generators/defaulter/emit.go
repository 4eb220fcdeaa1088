package defaulter

import (
	"fmt"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/output"
)

const runtimePkg = "k8s.io/apimachinery/pkg/runtime"

var (
	schemeType    = &types.Type{Kind: types.Pointer, Elem: &types.Type{Name: types.Name{Package: runtimePkg, Name: "Scheme"}, Kind: types.Struct}}
	jsonUnmarshal = &types.Type{Name: types.Name{Package: "encoding/json", Name: "Unmarshal"}, Kind: types.Func}
)

// writer writes the body of one package's file.
type writer struct {
	f       *output.GoFile // spells types and functions as the file refers to them
	objects *namer.NameStrategy
}

// register writes RegisterDefaults, which installs every generated object
// defaulter in a scheme.
func (w *writer) register(ts []*types.Type) {
	w.f.P("// RegisterDefaults adds defaulters functions to the given scheme.")
	w.f.P("// Public to allow building arbitrary schemes.")
	w.f.P("// All generated defaulters are covering - they call all nested defaulters.")
	w.f.P("func RegisterDefaults(scheme %s) error {", w.f.Name(schemeType))
	for _, t := range ts {
		name := w.f.Name(t)
		w.f.P("scheme.AddTypeDefaultingFunc(&%s{}, func(obj interface{}) { %s(obj.(*%s)) })", name, w.objects.Name(t), name)
	}
	w.f.P("return nil\n}\n")
}

// object writes SetObjectDefaults_<T>, which walks tree from in.
func (w *writer) object(t *types.Type, tree *node) {
	w.f.P("func %s(in *%s) {", w.objects.Name(t), w.f.Name(t))
	w.walk(tree, "in", 0, nil)
	w.f.P("}\n")
}

// loopVars names the index and element variables of loops nested depth
// deep, so that nested loops never shadow each other.
func loopVars(depth int) (index, elem string) {
	const indexes, elems = "ijklmnop", "abcdefgh"
	if depth >= len(indexes) {
		return fmt.Sprintf("i%d", depth), fmt.Sprintf("local%d", depth)
	}
	return indexes[depth : depth+1], elems[depth : depth+1]
}

// walk writes the code for n, reached by the expression v, and for
// everything below it.
func (w *writer) walk(n *node, v string, depth int, parents []*node) {
	if n.field != "" {
		v += "." + n.field
	}
	index, elem := loopVars(depth)
	pointer := n.elem && !n.index
	guarded := pointer && len(parents) > 0
	if guarded {
		w.f.P("if %s != nil {", v)
	}
	below := append(parents, n)
	switch {
	case n.index:
		w.f.P("for %s := range %s {", index, v)
		switch {
		case n.defaultsOnly:
		case n.elem:
			w.f.P("%s := %s[%s]", elem, v, index)
		default:
			w.f.P("%s := &%s[%s]", elem, v, index)
		}
		w.fill(n, v, index, pointer)
		w.calls(n, elem, true)
		for _, c := range n.children {
			w.walk(c, elem, depth+1, below)
		}
		w.f.P("}")
	case n.key:
		// Map values cannot be addressed, so only their +default is applied.
		if n.def != nil {
			index += "_" + parents[len(parents)-1].field
			w.f.P("for %s := range %s {", index, v)
			w.fill(n, v, index, pointer)
			w.f.P("}")
		}
	default:
		w.fill(n, v, index, pointer)
		w.calls(n, v, pointer)
		for _, c := range n.children {
			w.walk(c, v, depth, below)
		}
	}
	if guarded {
		w.f.P("}")
	}
}

// calls writes a call to each of n's functions on the value v, taking its
// address unless v already is a pointer.
func (w *writer) calls(n *node, v string, pointer bool) {
	if !pointer {
		v = "&" + v
	}
	for _, fn := range n.calls {
		w.f.P("%s(%s)", w.f.Name(fn), v)
	}
}

// fill writes the code that applies n's +default to the value v (or to
// v[index] for slice items and map values) when it is empty.
func (w *writer) fill(n *node, v, index string, pointer bool) {
	f := n.def
	if f == nil {
		return
	}
	target := v
	if n.index || n.key {
		target = v + "[" + index + "]"
	}
	switch {
	case f.primitive:
		if path := pointerPath(f.top); len(path) > 0 {
			w.fillPointer(f, target, path)
		} else {
			w.f.P("if %s == %s {", target, zeroLiterals[f.base.String()])
			if f.literal != "" {
				w.f.P("%s = %s", target, f.literal)
			} else {
				w.f.P("%s = %s(%s)", target, w.f.Name(f.top), f.value())
			}
		}
	case n.key:
		tmp := index + "_default"
		w.f.P("if %s == nil {", target)
		w.f.P("%s := %s", tmp, target)
		w.f.P("if err := %s([]byte(`%s`), &%s); err != nil {\npanic(err)\n}", w.f.Name(jsonUnmarshal), f.value(), tmp)
		w.f.P("%s = %s", target, tmp)
	default:
		dst := target
		if !pointer {
			dst = "&" + dst
		}
		w.f.P("if %s == nil {", target)
		w.f.P("if err := %s([]byte(`%s`), %s); err != nil {\npanic(err)\n}", w.f.Name(jsonUnmarshal), f.value(), dst)
	}
	w.f.P("}")
}

// fillPointer writes the code that sets a nil pointer (through any number
// of pointers and named pointer types) to point at the default: a local
// variable of the base type, then one variable per pointer level, each
// converted to the named type at that level where needed.
func (w *writer) fillPointer(f *fill, target string, path []*types.Type) {
	depth := len(path)
	elem := path[depth-1]
	w.f.P("if %s == nil {", target)
	if f.literal != "" {
		w.f.P("var ptrVar%d %s = %s", depth, w.f.Name(elem), f.value())
	} else {
		w.f.P("ptrVar%d := %s(%s)", depth, w.f.Name(elem), f.value())
	}
	for i := depth; i >= 1; i-- {
		dst, op := fmt.Sprintf("ptrVar%d", i-1), ":="
		if i == 1 {
			dst, op = target, "="
		}
		from := elem.String()
		if i != depth {
			from = "*" + from
		}
		elem = path[i-1]
		if elem.String() == from {
			w.f.P("%s %s &ptrVar%d", dst, op, i)
		} else {
			w.f.P("%s %s (*%s)(&ptrVar%d)", dst, op, w.f.Name(elem), i)
		}
	}
}

// resolveRefs imports the packages of the references in tree and rewrites
// them to the names the file uses for those packages.
func resolveRefs(tree *node, tracker namer.ImportTracker) {
	if d := tree.def; d != nil && d.ref.Name != "" {
		tracker.AddSymbol(d.ref)
		d.ref.Package = tracker.LocalNameOf(d.ref.Package)
	}
	for _, c := range tree.children {
		resolveRefs(c, tracker)
	}
}
