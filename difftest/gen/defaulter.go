package gen

import (
	_ "embed"
	"fmt"
	"go/format"
	"slices"
	"strings"
)

// Defaulter is defaulter-gen's vocabulary, on a group laid out as for
// Conversion: versioned packages tagged +k8s:defaulter-gen=TypeMeta (or
// another field name), types opted in and out, hand-written SetDefaults_
// functions in defaults.go (some marked +k8s:defaulter-gen=covers), +default
// markers with valid values on scalar, pointer, slice and map fields, and
// now and then the defaulters in a package of their own that names the
// types' package with +k8s:defaulter-gen-input.
var Defaulter = &Dialect{
	Name:  "defaulter",
	Build: buildDefaulter,
	Mutations: []Mutator{
		Misspelt("k8s:defaulter-gen"),
		BadValue("k8s:defaulter-gen", "default"),
	},
}

const (
	defaulterTag = "+k8s:defaulter-gen"
	// Sentinel is what a hand-written SetDefaults_ function writes to its
	// type's sentinel field.
	Sentinel = "defaulted"
)

// SentinelPrefix starts the names of the fields SetDefaults_ functions set.
const SentinelPrefix = "Defaulted"

func buildDefaulter(g *G) {
	h := g.buildHub()
	for _, p := range h.versions {
		if g.Chance(0.1) {
			setPackageTag(p, defaulterTag+"="+Pick(g, "ObjectMeta", "ListMeta"))
		}
		out, alias := p, ""
		if g.Chance(0.15) {
			out = g.Package("defaults")
			out.Path = p.Path + "/defaults"
			out.Doc = []string{"Package defaults holds the defaulters of " + p.Name + ".", "", defaulterTag + "=TypeMeta",
				defaulterTag + "-input=" + g.API.ImportPath(p)}
			setPackageTag(p, "")
			alias = p.Name
		}
		if src := g.defaults(p, out, alias); src != "" {
			if out.Extra == nil {
				out.Extra = map[string]string{}
			}
			out.Extra["defaults.go"] = src
		}
	}
}

// setPackageTag replaces p's +k8s:defaulter-gen line with line, or drops
// it when line is "".
func setPackageTag(p *Package, line string) {
	var doc []string
	for _, l := range p.Doc {
		if strings.HasPrefix(l, defaulterTag+"=") {
			if line == "" {
				continue
			}
			l = line
		}
		doc = append(doc, l)
	}
	p.Doc = doc
}

// defaults marks p's types and fields, and returns the source of out's
// defaults.go: SetDefaults_ functions for some of p's structs, each
// setting the struct's sentinel field. alias names p in out, "" when out
// is p.
func (g *G) defaults(p, out *Package, alias string) string {
	var funcs strings.Builder
	qual := ""
	if alias != "" {
		qual = alias + "."
	}
	for _, t := range p.Types {
		if t.Kind != Struct || t.Excluded {
			continue
		}
		switch {
		case t.Root && g.Chance(0.05):
			t.Above = append(t.Above, defaulterTag+"=false")
		case !t.Root && g.Chance(0.05):
			// An object, mostly: one that is not makes RegisterDefaults
			// not compile.
			t.Above = append(t.Above, defaulterTag+"=true")
			if g.Chance(0.7) {
				t.Fields = append([]*Field{{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`}}, t.Fields...)
			}
		}
		for _, f := range t.Fields {
			if f.Name != "" && g.Chance(0.15) {
				if v := g.defaultValue(p, f.Type); v != "" {
					f.Doc = append(f.Doc, "+default="+v)
				}
			}
		}
		if !g.Chance(0.4) {
			continue
		}
		s := g.Name(SentinelPrefix)
		t.Fields = append(t.Fields, &Field{Name: s, Type: Builtin("string"), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(s)),
			Doc: []string{s + " is set by SetDefaults_" + t.Name + "."}})
		fmt.Fprintf(&funcs, "\n// SetDefaults_%s sets %s.\n", t.Name, s)
		if g.Chance(0.15) {
			funcs.WriteString("// " + defaulterTag + "=covers\n")
		}
		fmt.Fprintf(&funcs, "func SetDefaults_%s(obj *%s%s) {\n\tif obj.%s == \"\" {\n\t\tobj.%s = %q\n\t}\n}\n", t.Name, qual, t.Name, s, s, Sentinel)
	}
	p.Extra["object.go"] = objectGo(p)
	if funcs.Len() == 0 {
		return ""
	}
	head := "package " + out.Name + "\n"
	if alias != "" {
		head += fmt.Sprintf("\nimport %s %q\n", alias, g.API.ImportPath(p))
	}
	return head + funcs.String()
}

// defaultValue is a valid +default value for a field of type e, "" for a
// type this dialect does not default. Now and then it is the type's zero
// value, which upstream writes no code for.
func (g *G) defaultValue(p *Package, e *Expr) string {
	if e.Kind == Pointer && e.Elem.Kind == Ident {
		e = e.Elem
	}
	zero := g.Chance(0.05)
	switch {
	case e.Kind == Slice && e.Elem.Kind == Ident && e.Elem.Name == "string" && e.Elem.Pkg == "":
		return Pick(g, `["a"]`, `["a","b"]`)
	case e.Kind == Map && e.Key.String() == "string" && e.Elem.String() == "string":
		return `{"k":"v"}`
	case e.Kind != Ident:
		return ""
	case e.Pkg != "":
		if _, t := g.API.Lookup(e); t != nil && t.Kind == Defined && t.Of.Name == "string" {
			for _, c := range p.Consts {
				if c.Type == t.Name {
					return "ref(" + c.Name + ")"
				}
			}
		}
		return ""
	}
	switch e.Name {
	case "string":
		if zero {
			return `""`
		}
		return fmt.Sprintf("%q", strings.ToLower(Pick(g, words...)))
	case "bool":
		if zero {
			return "false"
		}
		return "true"
	case "float32", "float64":
		return "1.5"
	case "int8":
		return ""
	}
	if zero {
		return "0"
	}
	return fmt.Sprint(1 + g.R.Intn(100))
}

//go:embed template/defcheck.go.tmpl
var defCheckGo []byte

// DefaulterProps returns the files of a command, in PropsDir, that checks
// the defaulters generated in the packages whose directories generated
// holds: each kind they register is filled, defaulted, and every
// SetDefaults_ function and +default that reaches it must have been
// applied (see template/defcheck.go.tmpl). Kinds that reach a type that
// holds itself are left out: upstream does not default a type again below
// itself. Its output is one JSON object a line: seed, type, problem.
func DefaulterProps(generated map[string]bool, apis ...*API) (map[string][]byte, error) {
	var imports, subjects, structs strings.Builder
	n := 0
	alias := func(a *API, p *Package) string {
		n++
		name := fmt.Sprintf("p%d", n)
		fmt.Fprintf(&imports, "%s %q\n", name, a.ImportPath(p))
		return name
	}
	for _, a := range apis {
		for _, out := range a.Packages {
			if !generated[a.Dir(out)] {
				continue
			}
			tp := inputOf(a, out)
			if tp == nil {
				continue
			}
			oa, ta := alias(a, out), ""
			if tp == out {
				ta = oa
			} else {
				ta = alias(a, tp)
			}
			funcs := out.Extra["defaults.go"]
			for _, t := range tp.Types {
				if t.Kind != Struct || t.Excluded {
					continue
				}
				fmt.Fprintf(&structs, "reflect.TypeOf(%s.%s{}): %s,\n", ta, t.Name, structInfoOf(t, funcs))
				if registered(out, t) && !recursive(a, tp, t) {
					fmt.Fprintf(&subjects, "{seed: %d, name: %q, register: %s.RegisterDefaults, new: func() runtime.Object { return new(%s.%s) }},\n",
						a.Seed, a.Dir(tp)+"."+t.Name, oa, ta, t.Name)
				}
			}
		}
	}
	src := fmt.Sprintf("package main\n\nimport (\n\"reflect\"\n\n\"k8s.io/apimachinery/pkg/runtime\"\n%s)\n\nvar _ reflect.Type\nvar _ runtime.Object\n\nvar subjects = []subject{\n%s}\n\nvar structs = map[reflect.Type]structInfo{\n%s}\n",
		imports.String(), subjects.String(), structs.String())
	b, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("defaulter props: %v", err)
	}
	return map[string][]byte{PropsDir + "/check.go": defCheckGo, PropsDir + "/subjects.go": b}, nil
}

// inputOf is the package whose types out's defaulters default: its
// +k8s:defaulter-gen-input, or out itself.
func inputOf(a *API, out *Package) *Package {
	for _, l := range out.Doc {
		if v, ok := strings.CutPrefix(l, defaulterTag+"-input="); ok {
			return a.PackageAt(v)
		}
	}
	return out
}

// structInfoOf is the structInfo literal of t: its sentinel, whether its
// SetDefaults_ function (in funcs) covers, its non-zero +default fields.
func structInfoOf(t *Type, funcs string) string {
	var info []string
	for _, f := range t.Fields {
		if strings.HasPrefix(f.Name, SentinelPrefix) && slices.Contains(f.Doc, f.Name+" is set by SetDefaults_"+t.Name+".") {
			info = append(info, fmt.Sprintf("sentinel: %q", f.Name))
		}
	}
	if strings.Contains(funcs, "// "+defaulterTag+"=covers\nfunc SetDefaults_"+t.Name+"(") {
		info = append(info, "covers: true")
	}
	var defaults []string
	for _, f := range t.Fields {
		for _, l := range f.Doc {
			if v, ok := strings.CutPrefix(l, "+default="); ok && !slices.Contains([]string{`""`, "0", "false"}, v) {
				defaults = append(defaults, fmt.Sprintf("%q", f.Name))
			}
		}
	}
	if len(defaults) > 0 {
		info = append(info, "defaults: []string{"+strings.Join(defaults, ", ")+"}")
	}
	return "{" + strings.Join(info, ", ") + "}"
}

// registered says whether out's defaulters register an object defaulter
// for t, when they have something to do: t opts in, or has a field the
// package marker names, and does not opt out.
func registered(out *Package, t *Type) bool {
	if slices.Contains(t.Above, defaulterTag+"=false") {
		return false
	}
	if slices.Contains(t.Above, defaulterTag+"=true") {
		return hasTypeMeta(t)
	}
	for _, l := range out.Doc {
		if v, ok := strings.CutPrefix(l, defaulterTag+"="); ok {
			for _, f := range t.Fields {
				name := f.Name
				if name == "" {
					name = f.Type.Name
				}
				if name == v {
					return hasTypeMeta(t)
				}
			}
		}
	}
	return false
}

// recursive says whether t, of package p, reaches a type of p that holds
// itself.
func recursive(a *API, p *Package, t *Type) bool {
	var visit func(t *Type, path map[string]bool, seen map[string]bool) bool
	visit = func(t *Type, path, seen map[string]bool) bool {
		if t == nil {
			return false
		}
		if path[t.Name] {
			return true
		}
		if seen[t.Name] {
			return false
		}
		seen[t.Name], path[t.Name] = true, true
		defer delete(path, t.Name)
		exprs := []*Expr{t.Of}
		for _, f := range t.Fields {
			exprs = append(exprs, f.Type)
		}
		for _, e := range exprs {
			for ; e != nil; e = e.Elem {
				if e.Kind == Ident && e.Pkg == a.ImportPath(p) && visit(typeNamed(p, e.Name), path, seen) {
					return true
				}
			}
		}
		return false
	}
	return visit(t, map[string]bool{}, map[string]bool{})
}
