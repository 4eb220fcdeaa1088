package validation

import (
	"errors"
	"fmt"
	"go/token"
	"maps"
	"slices"
	"unicode"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/parser/tags"
	"k8s.io/gengo/v2/types"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
	"github.com/apigen-dev/apigen/model"
)

// node is a type of the graph reached from the root types, with what its
// tags ask for. Pointers have no node of their own: they share their
// element's.
type node struct {
	t          *types.Type // never a pointer
	fn         types.Name  // Validate_<T> for named types of the handled packages
	referenced bool        // reached from another type, not only as a root

	fields     []*edge // of a struct
	key, elem  *edge   // of a map (key and elem) or slice (elem)
	underlying *edge   // of a named type

	own v.Validations // the type's own tags
	// Calls of the key or value type's function for named lists and maps;
	// written only if that type turns out to validate something.
	keyIter, valIter v.Validations
}

// edge is a use of a type in another: a field, element, key or underlying
// type.
type edge struct {
	name, json string      // for fields
	t          *types.Type // as used, maybe a pointer
	node       *node       // nil for types of packages not handled

	own              v.Validations // the field's tags
	keyIter, valIter v.Validations // as node's, for list and map fields
}

// elemNode is the element node of a list or map, through a named type.
func (n *node) elemNode() *node { return n.child(func(n *node) *edge { return n.elem }) }

// keyNode is the key node of a map, through a named type.
func (n *node) keyNode() *node { return n.child(func(n *node) *edge { return n.key }) }

// child is the node of the edge of n that of picks, or else of n's
// underlying type's node; nil when neither has one.
func (n *node) child(of func(*node) *edge) *node {
	if e := of(n); e != nil {
		return e.node
	}
	if u := n.underlying; u != nil && u.node != nil && of(u.node) != nil {
		return of(u.node).node
	}
	return nil
}

// posError is an error with the place in source it belongs to.
type posError struct {
	pos token.Position
	err error
}

func (e *posError) Error() string { return e.err.Error() }

// at attaches pos to err, unless it already has a place.
func at(pos token.Position, err error) error {
	var pe *posError
	if err == nil || errors.As(err, &pe) {
		return err
	}
	return &posError{pos, err}
}

// discoverer builds the type graph of one run.
type discoverer struct {
	m      *model.Model
	reg    *v.Registry
	canon  map[string]string // handled package -> package its functions are in
	consts map[*types.Type][]*v.Constant
	nodes  map[*types.Type]*node
}

func newDiscoverer(m *model.Model, reg *v.Registry, canon map[string]string) *discoverer {
	return &discoverer{m: m, reg: reg, canon: canon, consts: map[*types.Type][]*v.Constant{}, nodes: map[*types.Type]*node{}}
}

// readConstants gathers the constants of the handled packages, and their
// tags, by type.
func (d *discoverer) readConstants() error {
	for _, path := range sortedKeysOf(d.canon) {
		p := d.m.Universe[path]
		if p == nil {
			continue
		}
		for _, name := range sortedKeysOf(p.Constants) {
			c := p.Constants[name]
			ctx := v.Context{Scope: v.ScopeConst, Type: c.Underlying}
			tgs, err := d.reg.ExtractTags(c.CommentLines)
			if err == nil && len(tgs) > 0 {
				_, err = d.extractAt(ctx, c.CommentLines, d.m.Position(c))
			}
			if err != nil {
				return at(d.m.Position(c), fmt.Errorf("constant %s: %w", c.Name, err))
			}
			d.consts[c.Underlying] = append(d.consts[c.Underlying], &v.Constant{Constant: c, Tags: tgs})
		}
	}
	return nil
}

// handled reports whether the types of package path are walked.
func (d *discoverer) handled(path string) bool {
	_, ok := d.canon[path]
	return path == "" || ok
}

// root discovers a root type.
func (d *discoverer) root(t *types.Type) error {
	if t.Kind == types.Pointer {
		return fmt.Errorf("type %v: pointer root-types are not supported", t)
	}
	_, err := d.discover(t, field.NewPath(t.Name.String()))
	return at(d.m.Position(t), err)
}

// child discovers a type used by another and marks it referenced.
func (d *discoverer) child(t *types.Type, path *field.Path) (*node, error) {
	n, err := d.discover(t, path)
	if n != nil {
		n.referenced = true
	}
	return n, err
}

func (d *discoverer) discover(t *types.Type, path *field.Path) (*node, error) {
	if !d.handled(t.Name.Package) {
		return nil, nil
	}
	if err := supported(t); err != nil {
		return nil, fmt.Errorf("field %s (%s): %w", path, t, err)
	}
	if t.Kind == types.Pointer {
		return d.discover(t.Elem, path)
	}
	if n, ok := d.nodes[t]; ok {
		return n, nil
	}
	n := &node{t: t}
	d.nodes[t] = n
	if t.Kind == types.Alias || t.Kind == types.Struct {
		path = field.NewPath(t.Name.String())
		if _, ok := d.canon[t.Name.Package]; ok {
			n.fn = types.Name{Package: t.Name.Package, Name: "Validate_" + t.Name.Name}
		}
	}
	if err := d.children(n, path); err != nil {
		return nil, err
	}
	if t.Kind == types.Alias || t.Kind == types.Struct {
		if err := d.typeTags(n, path); err != nil {
			return nil, at(d.m.Position(t), err)
		}
	}
	resolved, err := resolveDeferred(n.own.Deferred, fmt.Sprintf("type %s at path %s", t, path))
	n.own.Deferred = nil
	if err != nil {
		return nil, at(d.m.Position(t), err)
	}
	for _, r := range resolved {
		n.own.Add(r.v)
	}
	return n, nil
}

// children discovers what t is made of.
func (d *discoverer) children(n *node, path *field.Path) error {
	t := n.t
	switch t.Kind {
	case types.Alias:
		c, err := d.child(t.Underlying, path)
		if err != nil {
			return err
		}
		n.underlying = &edge{t: t.Underlying, node: c}
	case types.Struct:
		return d.structFields(n, path)
	case types.Slice:
		c, err := d.child(t.Elem, path.Key("vals"))
		if err != nil {
			return err
		}
		n.elem = &edge{t: t.Elem, node: c}
	case types.Map:
		k, err := d.child(t.Key, path.Key("keys"))
		if err != nil {
			return err
		}
		n.key = &edge{t: t.Key, node: k}
		c, err := d.child(t.Elem, path.Key("vals"))
		if err != nil {
			return err
		}
		n.elem = &edge{t: t.Elem, node: c}
	}
	return nil
}

// typeTags evaluates the tags of a named type, and plans the iteration of
// named lists and maps.
func (d *discoverer) typeTags(n *node, path *field.Path) error {
	t := n.t
	ctx := v.Context{Scope: v.ScopeType, Type: t, Path: path, Constants: d.consts[t]}
	vals, err := d.extractAt(ctx, t.CommentLines, d.m.Position(t))
	if err != nil {
		return fmt.Errorf("%v: %w", path, err)
	}
	if !vals.Empty() {
		if mapOfSlices(t) {
			return fmt.Errorf("field %s: validation for map of slices is not supported", path)
		}
		n.own.Add(vals)
	}
	if t.Kind != types.Alias {
		return nil
	}
	switch v.NonPointer(v.NativeType(t)).Kind {
	case types.Slice:
		n.valIter, err = d.iterate(path, t, n.own, nil, n.elemNode(), false, "iterateListValues")
	case types.Map:
		n.keyIter, err = d.iterate(path, t, n.own, n.keyNode(), nil, true, "iterateMapKeys")
		if err == nil {
			n.valIter, err = d.iterate(path, t, n.own, nil, n.elemNode(), false, "iterateMapValues")
		}
	}
	return err
}

var iterComments = map[string]string{
	"iterateListValues": "iterate the list and call the type's validation function",
	"iterateMapKeys":    "iterate the map and call the key type's validation function",
	"iterateMapValues":  "iterate the map and call the value type's validation function",
}

// iterate plans the calls of the element's (or, with keys, the key's)
// validation function for each item of the list or map t. owner holds the
// opacity the tags declared. A missing element node means a package that
// is not handled, which the tags must declare opaque.
func (d *discoverer) iterate(path *field.Path, t *types.Type, owner v.Validations, key, elem *node, keys bool, what string) (v.Validations, error) {
	nt := v.NativeType(t)
	target, opaque, of, hint := elem, owner.OpaqueValType, nt.Elem, "+k8s:eachVal=+k8s:opaqueType"
	if keys {
		target, opaque, of, hint = key, owner.OpaqueKeyType, nt.Key, "+k8s:eachKey=+k8s:opaqueType"
	}
	kind := "value"
	if keys {
		kind = "key"
	}
	switch {
	case target == nil && !opaque:
		return v.Validations{}, fmt.Errorf("%v: %s type %v is in a non-included package; "+
			"either add this package to validation-gen's --readonly-pkg flag, or add %s to the field to skip validation",
			path, kind, of, hint)
	case target == nil || opaque || target.fn.Name == "":
		return v.Validations{}, nil
	}
	fn := v.Function(what, v.DefaultFlags, target.fn).WithComment(iterComments[what])
	if keys {
		return d.reg.ForEachKey(path, t, fn)
	}
	return d.reg.ForEachVal(path, t, fn)
}

// structFields discovers the fields of a struct and evaluates their tags.
func (d *discoverer) structFields(n *node, path *field.Path) error {
	var fields []*edge
	for i := range n.t.Members {
		m := n.t.Members[i]
		if m.Name == "" || unicode.IsLower([]rune(m.Name)[0]) {
			continue
		}
		f, err := d.structField(n, path, &m)
		if err != nil {
			return at(d.m.FieldPosition(n.t, i), err)
		}
		fields = append(fields, f)
	}
	for i, f := range fields {
		resolved, err := resolveDeferred(f.own.Deferred, fmt.Sprintf("field %s of type %s", f.name, n.t))
		f.own.Deferred = nil
		if err != nil {
			return at(d.fieldPos(n.t, f.name, i), err)
		}
		for _, r := range resolved {
			if r.scope == v.ParentContext {
				n.own.Add(r.v)
			} else {
				f.own.Add(r.v)
			}
		}
	}
	n.fields = fields
	return nil
}

func (d *discoverer) fieldPos(t *types.Type, name string, _ int) token.Position {
	i := slices.IndexFunc(t.Members, func(m types.Member) bool { return m.Name == name })
	return d.m.FieldPosition(t, i)
}

func (d *discoverer) structField(n *node, path *field.Path, m *types.Member) (*edge, error) {
	f := &edge{name: m.Name, t: m.Type}
	if j, ok := tags.LookupJSON(*m); ok {
		f.json = j.Name
	}
	fpath := path.Child(m.Name)
	if f.json != "" {
		fpath = path.Child(f.json)
	}
	var err error
	if f.node, err = d.child(m.Type, fpath); err != nil {
		return nil, err
	}
	ctx := v.Context{Scope: v.ScopeField, Type: m.Type, Path: fpath, Member: m, ParentPath: path, ParentType: n.t}
	vals, err := d.extractAt(ctx, m.CommentLines, d.fieldPos(n.t, m.Name, 0))
	if err != nil {
		return nil, fmt.Errorf("field %s: %w", fpath, err)
	}
	if !vals.Empty() {
		if mapOfSlices(m.Type) {
			return nil, fmt.Errorf("field %s: validation for map of slices is not supported", fpath)
		}
		f.own.Add(vals)
	}
	switch v.NonPointer(m.Type).Kind {
	case types.Struct, types.Alias:
		if f.node == nil && !f.own.OpaqueType {
			return nil, fmt.Errorf("%v: type %v is in a non-included package; "+
				"either add this package to validation-gen's --readonly-pkg flag, or add +k8s:opaqueType to the field to skip validation",
				fpath, m.Type)
		}
		if f.own.OpaqueType {
			f.node = nil
		}
	}
	switch m.Type.Kind {
	case types.Slice:
		f.valIter, err = d.iterate(fpath, m.Type, f.own, nil, d.fieldElem(f, m.Type.Elem), false, "iterateListValues")
	case types.Map:
		f.keyIter, err = d.iterate(fpath, m.Type, f.own, d.fieldKey(f, m.Type.Key), nil, true, "iterateMapKeys")
		if err == nil {
			f.valIter, err = d.iterate(fpath, m.Type, f.own, nil, d.fieldElem(f, m.Type.Elem), false, "iterateMapValues")
		}
	}
	return f, err
}

// fieldElem is the element node of a list or map field, looked up by type
// while a recursive type is still being built.
func (d *discoverer) fieldElem(f *edge, elem *types.Type) *node {
	if f.node != nil && f.node.elem != nil {
		return f.node.elem.node
	}
	return d.nodes[elem]
}

func (d *discoverer) fieldKey(f *edge, key *types.Type) *node {
	if f.node != nil && f.node.key != nil {
		return f.node.key.node
	}
	return d.nodes[key]
}

type scoped struct {
	scope v.DeferredScope
	v     v.Validations
}

// resolveDeferred runs deferred validations, and those they defer in turn,
// up to ten rounds.
func resolveDeferred(ds []v.DeferredGen, what string) ([]scoped, error) {
	var out []scoped
	for round := 1; len(ds) > 0; round++ {
		if round > 10 {
			return nil, fmt.Errorf("deferred validation recursion depth exceeded 10 for %s", what)
		}
		var next []v.DeferredGen
		for _, dg := range ds {
			res, err := dg.Callback()
			if err != nil {
				return nil, err
			}
			next = append(next, res.Deferred...)
			res.Deferred = nil
			switch dg.Scope {
			case v.ThisContext, v.ParentContext:
				out = append(out, scoped{dg.Scope, res})
			default:
				return nil, fmt.Errorf("unexpected scope %v", dg.Scope)
			}
		}
		ds = next
	}
	return out, nil
}

func mapOfSlices(t *types.Type) bool {
	nt := v.NonPointer(v.NativeType(t))
	return nt.Kind == types.Map && nt.Elem.Kind == types.Slice
}

// supported rejects the shapes of types the generator cannot validate.
func supported(t *types.Type) error {
	switch t.Kind {
	case types.Builtin, types.Struct, types.Interface:
	case types.Alias:
		if t.Underlying.Kind == types.Pointer {
			return fmt.Errorf("typedefs to pointers are not supported")
		}
	case types.Pointer:
		switch v.NativeType(t.Elem).Kind {
		case types.Pointer:
			return fmt.Errorf("pointers to pointers are not supported")
		case types.Slice, types.Array:
			return fmt.Errorf("pointers to lists are not supported")
		case types.Map:
			return fmt.Errorf("pointers to maps are not supported")
		}
	case types.Array:
		return fmt.Errorf("fixed-size arrays are not supported")
	case types.Slice:
		switch e := v.NativeType(t.Elem); e.Kind {
		case types.Slice:
			if v.NativeType(e.Elem) != types.Byte {
				return fmt.Errorf("lists of lists are not supported")
			}
		case types.Map:
			return fmt.Errorf("lists of maps are not supported")
		}
	case types.Map:
		if v.NativeType(t.Key) != types.String {
			return fmt.Errorf("maps with non-string keys are not supported")
		}
		switch v.NativeType(t.Elem).Kind {
		case types.Pointer:
			return fmt.Errorf("maps of pointers are not supported")
		case types.Map:
			return fmt.Errorf("maps of maps are not supported")
		}
	default:
		return fmt.Errorf("kind %v is not supported", t.Kind)
	}
	return nil
}

func sortedKeysOf[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
