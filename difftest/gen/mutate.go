package gen

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
)

// Mutator makes a near miss of a valid API: it changes or adds one line
// and returns what it did, or nil when nothing in the API suits it.
type Mutator struct {
	Kind  string
	Apply func(r *rand.Rand, a *API) *Mutation
}

// NearMiss returns a copy of a changed by one of d's mutators, chosen from
// seed; nil if none applies.
func NearMiss(d *Dialect, a *API, seed int64) *API {
	r := rand.New(rand.NewSource(seed))
	for _, i := range r.Perm(len(d.Mutations)) {
		b := a.Clone()
		if m := d.Mutations[i].Apply(r, b); m != nil {
			b.Mutation = m
			return b
		}
	}
	return nil
}

// markerLine is one marker line of an API and the file that holds it.
type markerLine struct {
	line *string
	file string
}

// markerLines lists a's marker lines whose name starts with one of prefixes.
func markerLines(a *API, prefixes []string) []markerLine {
	var out []markerLine
	add := func(doc []string, file string) {
		for i := range doc {
			for _, p := range prefixes {
				if strings.HasPrefix(doc[i], "+"+p) {
					out = append(out, markerLine{&doc[i], file})
					break
				}
			}
		}
	}
	for _, p := range a.Packages {
		add(p.Doc, a.Dir(p)+"/doc.go")
		for _, t := range p.Types {
			add(t.Doc, a.Dir(p)+"/types.go")
			add(t.Above, a.Dir(p)+"/types.go")
			for _, f := range t.Fields {
				add(f.Doc, a.Dir(p)+"/types.go")
			}
		}
	}
	return out
}

// change replaces the line of m with text and records it.
func change(kind string, m markerLine, text string) *Mutation {
	mut := &Mutation{Kind: kind, File: m.file, Text: text, Was: *m.line}
	*m.line = text
	return mut
}

// Misspelt misspells the name of a marker in one of the name spaces
// prefixes: a letter dropped, doubled or swapped with the next.
func Misspelt(prefixes ...string) Mutator {
	return Mutator{Kind: "misspelt", Apply: func(r *rand.Rand, a *API) *Mutation {
		lines := markerLines(a, prefixes)
		if len(lines) == 0 {
			return nil
		}
		m := lines[r.Intn(len(lines))]
		name, rest := splitMarker(*m.line)
		// Keep the first segment of the name space and the "+".
		lo := strings.IndexByte(name, ':') + 2
		if lo < 2 || lo >= len(name)-1 {
			lo = 2
		}
		i := lo + r.Intn(len(name)-lo-1)
		var typo string
		switch r.Intn(3) {
		case 0:
			typo = name[:i] + name[i+1:]
		case 1:
			typo = name[:i] + name[i:i+1] + name[i:]
		default:
			typo = name[:i] + name[i+1:i+2] + name[i:i+1] + name[i+2:]
		}
		if typo == name {
			return nil
		}
		return change("misspelt", m, typo+rest)
	}}
}

// splitMarker splits a marker line into its name and the rest, from the
// first "=" or ":<arg>=" on.
func splitMarker(line string) (string, string) {
	if i := strings.IndexByte(line, '='); i >= 0 {
		return line[:i], line[i:]
	}
	return line, ""
}

var scalarValue = regexp.MustCompile(`^(-?[0-9]+(\.[0-9]+)?|true|false|package)$`)

// BadValue gives a marker of the name spaces prefixes whose value is a
// number, a bool or a keyword a value of the wrong type.
func BadValue(prefixes ...string) Mutator {
	return Mutator{Kind: "badvalue", Apply: func(r *rand.Rand, a *API) *Mutation {
		var cands []markerLine
		for _, m := range markerLines(a, prefixes) {
			if _, v := splitMarker(*m.line); v != "" && scalarValue.MatchString(v[1:]) {
				cands = append(cands, m)
			}
		}
		if len(cands) == 0 {
			return nil
		}
		m := cands[r.Intn(len(cands))]
		name, _ := splitMarker(*m.line)
		return change("badvalue", m, name+"=maybe")
	}}
}

// FieldInOneVersion adds a field to a struct of one of several packages
// that declare a type of the same name, so that the versions differ.
func FieldInOneVersion() Mutator {
	return Mutator{Kind: "oneversion", Apply: func(r *rand.Rand, a *API) *Mutation {
		var cands [][2]any
		for _, p := range a.Packages {
			for _, t := range p.Types {
				if t.Kind == Struct && declaredElsewhere(a, p, t.Name) {
					cands = append(cands, [2]any{p, t})
				}
			}
		}
		if len(cands) == 0 {
			return nil
		}
		c := cands[r.Intn(len(cands))]
		p, t := c[0].(*Package), c[1].(*Type)
		name := fmt.Sprintf("OnlyIn%s", strings.ToUpper(p.Name[:1])+p.Name[1:])
		doc := name + " is in one version only."
		t.Fields = append(t.Fields, &Field{Name: name, Type: Builtin("string"), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name)), Doc: []string{doc}})
		return &Mutation{Kind: "oneversion", File: a.Dir(p) + "/types.go", Text: doc, Below: 1}
	}}
}

func declaredElsewhere(a *API, p *Package, name string) bool {
	for _, q := range a.Packages {
		if q == p {
			continue
		}
		for _, t := range q.Types {
			if t.Name == name {
				return true
			}
		}
	}
	return false
}
