// Package conventions checks API types against rules of the Kubernetes
// API conventions that upstream's generators do not enforce. It writes
// nothing, and every rule is off until --conventions-rules names it,
// because upstream generates from input that breaks them: a finding is a
// warning (an error with --strict).
package conventions

import (
	"fmt"
	"go/ast"
	"go/token"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// The rules, by the names --conventions-rules takes.
const (
	// OptionalOmitempty: an +optional field's JSON tag has omitempty (or
	// omitzero), so that an unset value is left out instead of written as
	// its zero value.
	OptionalOmitempty = "optional-omitempty"
	// OptionalPointer: an +optional bool or number is a pointer, so that
	// unset can be told from a zero that was set.
	OptionalPointer = "optional-pointer"
	// RequiredOmitempty: a +required field's JSON tag has no omitempty,
	// which would drop a zero value the client set and fail validation.
	RequiredOmitempty = "required-omitempty"
	// RequiredJSONTag: a +required field has a JSON tag, so that its name
	// on the wire is a lowerCamel one and not the Go name.
	RequiredJSONTag = "required-json-tag"
	// ListType: in a package whose types are served with server-side apply
	// (+genclient or CRD root kinds), every list says how apply merges it.
	ListType = "list-type"
	// Enum: a string type with constants of its own is marked +enum, so
	// that its schema lists the values.
	Enum = "enum"
)

// Rules are every rule, in the order they are documented.
var Rules = []string{OptionalOmitempty, OptionalPointer, RequiredOmitempty, RequiredJSONTag, ListType, Enum}

// Generator is the conventions checker.
type Generator struct {
	Rules []string // the rules that are on
}

// Define declares the markers it reads, which other generators own.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(markers.Optional.Definition, markers.Required.Definition, markers.ListType.Definition,
		markers.Enum.Definition, markers.GenClient.Definition)
}

// Generate reports the findings of the rules that are on.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	if len(g.Rules) == 0 {
		return engine.Output{}
	}
	c := &checker{m: m, on: g.Rules, diags: diags.In(diag.Conventions)}
	for _, p := range m.Packages {
		c.pkg(p)
	}
	return engine.Output{}
}

type checker struct {
	m     *model.Model
	on    []string
	diags *diag.List
}

func (c *checker) pkg(p *model.Package) {
	apply := c.servedWithApply(p)
	enums := map[*types.Type]int{} // string types of p: how many constants they have
	for _, t := range p.Constants {
		if u := t.Underlying; u != nil && u.Name.Package == p.Path && u.Kind == types.Alias && u.Underlying == types.String {
			enums[u]++
		}
	}
	for _, name := range slices.Sorted(maps.Keys(p.Types)) {
		t := p.Types[name]
		if t.Kind != types.Struct || !c.m.Declared(t) {
			continue
		}
		for i := range t.Members {
			c.field(p, t, i, apply)
		}
	}
	if c.is(Enum) {
		for _, name := range slices.Sorted(maps.Keys(p.Types)) {
			t := p.Types[name]
			if n := enums[t]; n > 0 && !markers.Enum.Has(c.m.Markers(t)) {
				c.diags.Warnf(c.m.Position(t), "type %s has %d constants of its own but no +enum, so its schema does not list its values (%s rule)", t.Name.Name, n, Enum)
			}
		}
	}
}

func (c *checker) is(rule string) bool { return slices.Contains(c.on, rule) }

// servedWithApply reports whether p's types are served by an API server,
// which applies them with server-side apply: a +genclient type or a CRD
// root kind.
func (c *checker) servedWithApply(p *model.Package) bool {
	for _, t := range p.Types {
		if s := c.m.Markers(t); markers.GenClient.Has(s) || markers.IsObjectRoot(s) {
			return true
		}
	}
	return false
}

func (c *checker) field(p *model.Package, t *types.Type, i int, apply bool) {
	mem := t.Members[i]
	if mem.Embedded || !ast.IsExported(mem.Name) {
		return
	}
	json, hasJSON := reflect.StructTag(mem.Tags).Lookup("json")
	name, opts, _ := strings.Cut(json, ",")
	if name == "-" {
		return
	}
	fm := c.m.FieldMarkers(t, i)
	pos := c.m.FieldPosition(t, i)
	omitempty := slices.Contains(strings.Split(opts, ","), "omitempty")
	omitzero := slices.Contains(strings.Split(opts, ","), "omitzero")
	where := t.Name.Name + "." + mem.Name
	switch {
	case markers.Optional.Has(fm):
		if c.is(OptionalOmitempty) && !omitempty && !omitzero {
			c.diags.Warnf(pos, "field %s is +optional, but its JSON tag has no omitempty: an unset value is written as its zero value (%s rule)", where, OptionalOmitempty)
		}
		if c.is(OptionalPointer) && isBoolOrNumber(mem.Type) {
			c.diags.Warnf(pos, "field %s is an +optional %s that is not a pointer: an unset value cannot be told from %s (%s rule)", where, mem.Type.Name.Name, zeroOf(mem.Type), OptionalPointer)
		}
	case markers.Required.Has(fm):
		if c.is(RequiredOmitempty) && omitempty {
			c.diags.Warnf(pos, "field %s is +required, but its JSON tag has omitempty: a zero value the client sets is left out, and the object fails validation (%s rule)", where, RequiredOmitempty)
		}
		if c.is(RequiredJSONTag) && (!hasJSON || name == "") {
			want := lowerCamel(mem.Name)
			c.diags.Add(diag.Diagnostic{Pos: pos, Severity: diag.Warning, Fix: c.jsonTagFix(p, pos, want),
				Msg: fmt.Sprintf("field %s is +required but has no JSON name: it is sent as %q; tag it json:%q (%s rule)", where, mem.Name, want, RequiredJSONTag)})
		}
	}
	if c.is(ListType) && apply && isList(mem.Type) && !isListItems(t, mem) && !markers.ListType.Has(fm) && !markers.ListType.Has(c.m.Markers(mem.Type)) {
		c.diags.Warnf(pos, "list field %s has no +listType, so server-side apply replaces it whole and conflicting owners cannot share it; say +listType=atomic, set or map (%s rule)", where, ListType)
	}
}

// jsonTagFix adds json:"name" to the field at pos, when its syntax is at
// hand.
func (c *checker) jsonTagFix(p *model.Package, pos token.Position, name string) *diag.Fix {
	f := fieldAt(c.m.Fset, p, pos)
	if f == nil {
		return nil
	}
	tag := fmt.Sprintf("json:%q", name)
	if f.Tag == nil {
		at := c.m.Fset.Position(f.Type.End())
		return &diag.Fix{Message: "Add " + tag, Edits: []diag.Edit{{Pos: at, End: at, New: " `" + tag + "`"}}}
	}
	at := c.m.Fset.Position(f.Tag.Pos() + 1) // after the opening quote
	sep := " "
	if f.Tag.Value == "``" || f.Tag.Value == `""` {
		sep = ""
	}
	if strings.HasPrefix(f.Tag.Value, `"`) {
		tag = strings.ReplaceAll(tag, `"`, `\"`)
	}
	return &diag.Fix{Message: "Add " + tag, Edits: []diag.Edit{{Pos: at, End: at, New: tag + sep}}}
}

// fieldAt finds the field whose name stands at pos among p's files.
func fieldAt(fset *token.FileSet, p *model.Package, pos token.Position) *ast.Field {
	if p.Source == nil {
		return nil
	}
	var found *ast.Field
	for _, f := range p.Source.Syntax {
		if fset.Position(f.FileStart).Filename != pos.Filename {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if fld, ok := n.(*ast.Field); ok && len(fld.Names) > 0 && fset.Position(fld.Names[0].Pos()) == pos {
				found = fld
			}
			return found == nil
		})
	}
	return found
}

// isListItems reports whether mem is the Items of a list kind (a struct
// with ListMeta), which is read, never applied.
func isListItems(t *types.Type, mem types.Member) bool {
	return mem.Name == "Items" && slices.ContainsFunc(t.Members, func(m types.Member) bool { return m.Embedded && m.Type.Name.Name == "ListMeta" })
}

// underlying is t with named types resolved.
func underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t
}

func isList(t *types.Type) bool {
	u := underlying(t)
	return u.Kind == types.Slice && u.Elem != types.Byte
}

func isBoolOrNumber(t *types.Type) bool {
	u := underlying(t)
	return u.Kind == types.Builtin && u != types.String
}

func zeroOf(t *types.Type) string {
	if underlying(t) == types.Bool {
		return "false"
	}
	return "0"
}

// lowerCamel is the JSON name the conventions give a Go field name: its
// leading capitals lowered, but the last of several when a word follows
// (URLPath: urlPath, ID: id).
func lowerCamel(name string) string {
	r := []rune(name)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) {
		n--
	}
	for i := range n {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}
