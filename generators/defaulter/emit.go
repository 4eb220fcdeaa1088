package defaulter

import (
	"bytes"
	"fmt"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

const runtimePkg = "k8s.io/apimachinery/pkg/runtime"

var (
	schemeType    = &types.Type{Kind: types.Pointer, Elem: &types.Type{Name: types.Name{Package: runtimePkg, Name: "Scheme"}, Kind: types.Struct}}
	jsonUnmarshal = &types.Type{Name: types.Name{Package: "encoding/json", Name: "Unmarshal"}, Kind: types.Func}
)

// writer writes the body of one package's file.
type writer struct {
	raw     namer.Namer // spells types and functions as the file refers to them
	objects *namer.NameStrategy
	buf     bytes.Buffer
}

func (w *writer) p(format string, args ...any) {
	fmt.Fprintf(&w.buf, format, args...)
	w.buf.WriteByte('\n')
}

// register writes RegisterDefaults, which installs every generated object
// defaulter in a scheme.
func (w *writer) register(ts []*types.Type) {
	w.p("// RegisterDefaults adds defaulters functions to the given scheme.")
	w.p("// Public to allow building arbitrary schemes.")
	w.p("// All generated defaulters are covering - they call all nested defaulters.")
	w.p("func RegisterDefaults(scheme %s) error {", w.raw.Name(schemeType))
	for _, t := range ts {
		name := w.raw.Name(t)
		w.p("scheme.AddTypeDefaultingFunc(&%s{}, func(obj interface{}) { %s(obj.(*%s)) })", name, w.objects.Name(t), name)
	}
	w.p("return nil\n}\n")
}

// object writes SetObjectDefaults_<T>, which walks tree from in.
func (w *writer) object(t *types.Type, tree *node) {
	w.p("func %s(in *%s) {", w.objects.Name(t), w.raw.Name(t))
	w.walk(tree, "in", 0, nil)
	w.p("}\n")
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
		w.p("if %s != nil {", v)
	}
	below := append(parents, n)
	switch {
	case n.index:
		w.p("for %s := range %s {", index, v)
		switch {
		case n.defaultsOnly:
		case n.elem:
			w.p("%s := %s[%s]", elem, v, index)
		default:
			w.p("%s := &%s[%s]", elem, v, index)
		}
		w.fill(n, v, index, pointer)
		w.calls(n, elem, true)
		for _, c := range n.children {
			w.walk(c, elem, depth+1, below)
		}
		w.p("}")
	case n.key:
		// Map values cannot be addressed, so only their +default is applied.
		if n.def != nil {
			index += "_" + parents[len(parents)-1].field
			w.p("for %s := range %s {", index, v)
			w.fill(n, v, index, pointer)
			w.p("}")
		}
	default:
		w.fill(n, v, index, pointer)
		w.calls(n, v, pointer)
		for _, c := range n.children {
			w.walk(c, v, depth, below)
		}
	}
	if guarded {
		w.p("}")
	}
}

// calls writes a call to each of n's functions on the value v, taking its
// address unless v already is a pointer.
func (w *writer) calls(n *node, v string, pointer bool) {
	if !pointer {
		v = "&" + v
	}
	for _, fn := range n.calls {
		w.p("%s(%s)", w.raw.Name(fn), v)
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
			w.p("if %s == %s {", target, zeroLiterals[f.base.String()])
			if f.literal != "" {
				w.p("%s = %s", target, f.literal)
			} else {
				w.p("%s = %s(%s)", target, w.raw.Name(f.top), f.value())
			}
		}
	case n.key:
		tmp := index + "_default"
		w.p("if %s == nil {", target)
		w.p("%s := %s", tmp, target)
		w.p("if err := %s([]byte(`%s`), &%s); err != nil {\npanic(err)\n}", w.raw.Name(jsonUnmarshal), f.value(), tmp)
		w.p("%s = %s", target, tmp)
	default:
		dst := target
		if !pointer {
			dst = "&" + dst
		}
		w.p("if %s == nil {", target)
		w.p("if err := %s([]byte(`%s`), %s); err != nil {\npanic(err)\n}", w.raw.Name(jsonUnmarshal), f.value(), dst)
	}
	w.p("}")
}

// fillPointer writes the code that sets a nil pointer (through any number
// of pointers and named pointer types) to point at the default: a local
// variable of the base type, then one variable per pointer level, each
// converted to the named type at that level where needed.
func (w *writer) fillPointer(f *fill, target string, path []*types.Type) {
	depth := len(path)
	elem := path[depth-1]
	w.p("if %s == nil {", target)
	if f.literal != "" {
		w.p("var ptrVar%d %s = %s", depth, w.raw.Name(elem), f.value())
	} else {
		w.p("ptrVar%d := %s(%s)", depth, w.raw.Name(elem), f.value())
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
			w.p("%s %s &ptrVar%d", dst, op, i)
		} else {
			w.p("%s %s (*%s)(&ptrVar%d)", dst, op, w.raw.Name(elem), i)
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
