package defaulter

import (
	"encoding/json"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

// node is one step on the way from the object being defaulted to a value
// that needs defaulting: a field, the element behind a pointer, every item
// of a slice or every value of a map. A path from the root to a node spells
// the Go expression that reaches the value.
type node struct {
	field string // access this field of the parent
	index bool   // range over the parent slice or array
	key   bool   // range over the parent map
	elem  bool   // the value is a pointer, nil-checked before use

	calls    []*types.Type // defaulting functions to call on the value, in order
	children []*node

	def          *fill // the value's +default, if it has one
	defaultsOnly bool  // the node exists only to apply def
}

// fill describes how a +default value is assigned.
type fill struct {
	literal   string     // the JSON text, or "" for a reference
	ref       types.Name // ref(...): the constant or variable
	primitive bool       // the value ends in a basic type: assigned, not unmarshalled
	base      *types.Type
	top       *types.Type // the declared type of the value
}

// value spells the default as Go: the literal, or the referenced name.
func (f *fill) value() string {
	if f.literal != "" {
		return f.literal
	}
	return f.ref.String()
}

// zeroValues are the JSON values that equal a field's zero value, by the
// field's type as gengo spells it. A +default equal to them does nothing.
var zeroValues = map[string]any{
	"uint": 0., "uint8": 0., "uint16": 0., "uint32": 0., "uint64": 0.,
	"int": 0., "int8": 0., "int16": 0., "int32": 0., "int64": 0.,
	"byte": 0., "float64": 0., "float32": 0.,
	"bool":   false,
	"string": "", "time.Time": "", "[]byte": "",
}

// zeroLiterals spell the zero value of the basic types a +default can fill
// without a nil check.
var zeroLiterals = map[string]string{
	"uint": "0", "uint8": "0", "uint16": "0", "uint32": "0", "uint64": "0",
	"int": "0", "int8": "0", "int16": "0", "int32": "0", "int64": "0",
	"byte": "0", "float64": "0", "float32": "0",
	"bool": "false", "string": `""`,
}

// planner builds call trees for the types of one package.
type planner struct {
	lib *library
	*scope
	objects map[*types.Type]*types.Type // types that get (or may get) a generated object defaulter; nil until decided
	open    map[*types.Type]bool        // types being built, to stop at recursion
}

// scope is what a run knows of the packages a call tree passes through.
type scope struct {
	checked   map[string]bool // the packages the run named: the model checked their markers
	commented map[string]bool // the packages whose type comments upstream reads
}

// typeComments returns the comment lines of type t, or none where
// upstream does not read them.
func (p *planner) typeComments(t *types.Type) []string {
	if !p.commented[t.Name.Package] {
		return nil
	}
	return t.CommentLines
}

func (p *planner) tree(t *types.Type) *node {
	p.open = map[*types.Type]bool{}
	return p.build(t, true)
}

// build returns the tree of everything that defaulting a t involves, or nil
// if nothing does. At the root, t's own generated object defaulter is not
// called; below it, a type with an object defaulter is defaulted by calling
// it, and nothing under it is visited.
func (p *planner) build(t *types.Type, root bool) *node {
	n := &node{elem: root}
	hw := p.lib.byType[t]
	if obj := p.objects[t]; !root && obj != nil {
		n.calls = append(n.calls, obj)
		return n
	}
	switch {
	case hw.object != nil:
		n.calls = append(n.calls, hw.object)
		return n
	case hw.base != nil:
		n.calls = append(n.calls, hw.base)
		if p.lib.covers(hw.base) {
			return n
		}
	}
	n.calls = append(n.calls, hw.more...)

	if p.open[t] {
		return nil
	}
	p.open[t] = true
	defer func() { p.open[t] = false }()

	switch t.Kind {
	case types.Pointer:
		if c := p.build(t.Elem, false); c != nil {
			c.elem = true
			n.children = append(n.children, c)
		}
	case types.Slice, types.Array:
		if c := p.build(t.Elem, false); c != nil {
			c.index = true
			c.elem = t.Elem.Kind == types.Pointer
			n.children = append(n.children, c)
		} else if c := p.withDefault(nil, t.Elem, p.typeComments(t.Elem), t.Elem.Name.Package, p.typeAt(t.Elem)); c != nil {
			c.index = true
			n.children = append(n.children, c)
		}
	case types.Map:
		if c := p.build(t.Elem, false); c != nil {
			c.key = true
			n.children = append(n.children, c)
		} else if c := p.withDefault(nil, t.Elem, p.typeComments(t.Elem), t.Elem.Name.Package, p.typeAt(t.Elem)); c != nil {
			c.key = true
			n.children = append(n.children, c)
		}
	case types.Struct:
		for i, f := range t.Members {
			name := f.Name
			if name == "" {
				name = f.Type.Name.Name
				if f.Type.Kind == types.Pointer {
					name = f.Type.Elem.Name.Name
				}
			}
			at := p.fieldAt(t, i)
			if c := p.build(f.Type, false); c != nil {
				c.field = name
				p.withDefault(c, f.Type, f.CommentLines, f.Type.Name.Package, at)
				n.children = append(n.children, c)
			} else if c := p.withDefault(nil, f.Type, f.CommentLines, t.Name.Package, at); c != nil {
				c.field = name
				n.children = append(n.children, c)
			}
		}
	case types.Alias:
		if c := p.build(t.Underlying, false); c != nil {
			n.children = append(n.children, c)
		}
	}
	if len(n.children) == 0 && len(n.calls) == 0 {
		return nil
	}
	return n
}

// where names the declaration a +default stands on, for diagnostics.
type where struct {
	pkg  string // the package declaring it
	pos  token.Position
	what string
}

// fieldAt and typeAt are at the +default marker when the model read it,
// else at the declaration.
func (p *planner) fieldAt(t *types.Type, i int) where {
	w := where{t.Name.Package, p.lib.m.FieldPosition(t, i), fmt.Sprintf("field %s.%s", t.Name, t.Members[i].Name)}
	return p.atDefault(w, p.lib.m.FieldMarkers(t, i))
}

func (p *planner) typeAt(t *types.Type) where {
	w := where{t.Name.Package, p.lib.m.Position(t), "type " + t.String()}
	return p.atDefault(w, p.lib.m.Markers(t))
}

// atDefault moves w to the +default of set, in a package the model
// checked.
func (p *planner) atDefault(w where, set markers.Set) where {
	if _, mk, ok := markers.Default.Lookup(set); ok && p.checked[w.pkg] {
		w.pos = mk.Pos
	}
	return w
}

// withDefault attaches the +default found among lines (the comments of a
// field of type t, or of the type itself) to n, creating n if it is nil.
// Through pointers and named types, a +default on the type pointed to
// applies when the field has none. Unqualified references resolve in pkg.
// It returns n, or nil if there is no default to apply.
func (p *planner) withDefault(n *node, t *types.Type, lines []string, pkg string, at where) *node {
	raw := p.defaultIn(lines, at)
	base, depth := resolve(t)
	for u := t; raw == "" && depth > 0; {
		at = p.typeAt(u)
		raw = p.defaultIn(p.typeComments(u), at)
		next := u
		switch u.Kind {
		case types.Alias:
			next = u.Underlying
		case types.Pointer:
			next = u.Elem
		}
		if next == u {
			break
		}
		u = next
	}
	if raw == "" {
		return n
	}
	f := &fill{primitive: base.IsPrimitive(), base: base, top: t}
	if name, ok := markers.DefaultRef(raw); ok {
		if name.Package == "" {
			name.Package = pkg
		}
		f.ref = name
	} else {
		var v any
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			// Parsing warned with these words; applied, it stops upstream,
			// and the error replaces the warning.
			p.fail(at, "invalid value %s for +%s: not JSON: %v", markers.QuoteShort(raw), defaultMarker, err)
			return n
		}
		if v != nil && reflect.DeepEqual(v, zeroValues[t.String()]) {
			return n
		}
		f.literal = raw
	}
	if n == nil {
		n = &node{defaultsOnly: true}
	}
	n.def = f
	return n
}

// defaultIn returns the +default value among lines, or "".
func (p *planner) defaultIn(lines []string, at where) string {
	vals, err := commentTag(lines, defaultMarker)
	switch {
	case err != nil:
		p.report(at, "malformed +%s: %v", defaultMarker, err)
		return ""
	case len(vals) > 1:
		p.report(at, "%s has %d +%s markers; give one", at.what, len(vals), defaultMarker)
		return ""
	case len(vals) == 1:
		return vals[0]
	}
	return ""
}

// report records a problem with a +default outside the packages the run
// named; in those, the model and checkPackage have already reported it at
// the marker's line.
func (p *planner) report(at where, format string, args ...any) {
	if !p.checked[at.pkg] {
		p.fail(at, format, args...)
	}
}

// fail records a problem with a +default wherever it is.
func (p *planner) fail(at where, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if !at.pos.IsValid() {
		msg = at.what + ": " + msg
	}
	p.lib.diags.Errorf(at.pos, "%s", msg)
}

// resolve follows named types and pointers down to the first type that is
// neither, counting the pointers passed. A pointer type that points to
// itself (type P *P) ends the walk.
func resolve(t *types.Type) (*types.Type, int) {
	base, path := walkPointers(t)
	return base, len(path)
}

// pointerPath lists what each pointer on the way from t to its base type
// points to, skipping named types that are not pointers.
func pointerPath(t *types.Type) []*types.Type {
	_, path := walkPointers(t)
	return path
}

// walkPointers is the walk of resolve: the type it ends at, and what each
// pointer passed points to.
func walkPointers(t *types.Type) (*types.Type, []*types.Type) {
	var path []*types.Type
	for {
		switch {
		case t.Kind == types.Alias && t.Underlying != t:
			t = t.Underlying
		case t.Kind == types.Pointer && t.Elem != t:
			t = t.Elem
			path = append(path, t)
		default:
			return t, path
		}
	}
}

// sortedTypes returns the keys of ts sorted by type name; they are all
// types of one package.
func sortedTypes(ts map[*types.Type]*types.Type) []*types.Type {
	out := make([]*types.Type, 0, len(ts))
	for t := range ts {
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return strings.Compare(a.Name.Name, b.Name.Name) })
	return out
}
