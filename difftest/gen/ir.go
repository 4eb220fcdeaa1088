// Package gen makes random Kubernetes-style API packages, deterministic
// from a seed, for differential tests of apigen against upstream's tools.
// A package is kept as an intermediate representation (API) that renders to
// gofmt'd Go source; it can be mutated into a near miss, and shrunk.
package gen

import (
	"encoding/json"
	"fmt"
	"path"
)

// Module is the module path every API renders into.
const Module = "fuzz.example"

// API is one seed's packages, below the directory Root of the module.
type API struct {
	Seed     int64
	Dialect  string
	Root     string // a directory of the module, and its import path element
	Packages []*Package
	// Mutation is what the near-miss mode changed, nil for a valid API.
	Mutation *Mutation `json:",omitempty"`
	// Files, when set, are the API's source as read from a fixture, by
	// slash path below the module root; Packages is then empty.
	Files map[string][]byte `json:",omitempty"`
}

// Package is one Go package of an API. Its directory below the API's root
// is its name.
type Package struct {
	Name   string
	Doc    []string // the lines of doc.go's package comment, without "// "
	Types  []*Type
	Consts []*Const `json:",omitempty"`
	Group  string   `json:",omitempty"` // the API group, for packages with kinds
	// Path is the package's directory below the API's root, when not Name.
	Path string `json:",omitempty"`
	// Extra are hand-written files besides doc.go and types.go, by file
	// name: Go source, gofmt'd when rendered.
	Extra map[string]string `json:",omitempty"`
}

// TypeKind is what a declared type is.
type TypeKind int

const (
	Struct    TypeKind = iota // type T struct{...}
	Defined                   // type T <Of>
	Alias                     // type T = <Of>
	Interface                 // type T interface{ Methods }
)

// Type is one declared type.
type Type struct {
	Name    string
	Doc     []string
	Kind    TypeKind
	Of      *Expr    `json:",omitempty"`
	Fields  []*Field `json:",omitempty"`
	Methods []string `json:",omitempty"` // an interface's method lines
	// Root marks a kind: a type with TypeMeta and a DeepCopyObject method.
	Root bool `json:",omitempty"`
	// Impl names the struct type of this package that implements an
	// interface, for filling values of it.
	Impl string `json:",omitempty"`
	// Excluded says no generator may make code for the type, so nothing
	// may refer to it.
	Excluded bool `json:",omitempty"`
	// Lossy says a conversion round trip through another version may
	// lose some of the type's values.
	Lossy bool `json:",omitempty"`
	// Above is a comment block above Doc, separated from it by a blank
	// line, where some generators read a type's markers.
	Above []string `json:",omitempty"`
}

// Field is one struct field; an embedded field has no name.
type Field struct {
	Name string `json:",omitempty"`
	Type *Expr
	Tag  string   `json:",omitempty"` // the struct tag, without back quotes
	Doc  []string `json:",omitempty"`
}

// Const is a typed constant.
type Const struct {
	Name, Type, Value string
}

// ExprKind is the form of a type expression.
type ExprKind int

const (
	Ident ExprKind = iota
	Pointer
	Slice
	Map
	Array
)

// Expr is a type expression.
type Expr struct {
	Kind ExprKind
	Pkg  string `json:",omitempty"` // an Ident's import path; "" for builtins
	Name string `json:",omitempty"` // an Ident's name
	Elem *Expr  `json:",omitempty"`
	Key  *Expr  `json:",omitempty"`
	Len  int    `json:",omitempty"`
}

// Mutation records a near miss: which line of which file was changed.
type Mutation struct {
	Kind string // what was done: "misspelt", "badvalue", ...
	File string // slash path below the module root
	Text string // the new line's text, without "// "
	Was  string // the line it replaced, "" for an added line
	Line int    // set by Render
	// Below says the changed line is this many lines below Text's (a
	// field below its doc comment).
	Below int `json:",omitempty"`
}

func (e *Expr) String() string {
	switch e.Kind {
	case Pointer:
		return "*" + e.Elem.String()
	case Slice:
		return "[]" + e.Elem.String()
	case Map:
		return "map[" + e.Key.String() + "]" + e.Elem.String()
	case Array:
		return fmt.Sprintf("[%d]%s", e.Len, e.Elem)
	}
	if e.Pkg != "" {
		return path.Base(e.Pkg) + "." + e.Name
	}
	return e.Name
}

// Clone returns a deep copy of a.
func (a *API) Clone() *API {
	b, err := json.Marshal(a)
	if err != nil {
		panic(err)
	}
	var c API
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	return &c
}

// ImportPath is the import path of package p of a.
func (a *API) ImportPath(p *Package) string {
	return Module + "/" + a.Dir(p)
}

// Dir is the slash directory of package p below the module root.
func (a *API) Dir(p *Package) string {
	if p.Path != "" {
		return a.Root + "/" + p.Path
	}
	return a.Root + "/" + p.Name
}

// PackageAt is a's package of import path importPath, nil if none.
func (a *API) PackageAt(importPath string) *Package {
	for _, p := range a.Packages {
		if a.ImportPath(p) == importPath {
			return p
		}
	}
	return nil
}

// Lookup finds the type an Ident names, if a declares it.
func (a *API) Lookup(e *Expr) (*Package, *Type) {
	p := a.PackageAt(e.Pkg)
	if p == nil {
		return nil, nil
	}
	for _, t := range p.Types {
		if t.Name == e.Name {
			return p, t
		}
	}
	return nil, nil
}
