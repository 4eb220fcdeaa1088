// Package markers is the one registry of comment markers ("+name=value"
// lines in Go comments) that generators read.
//
// Each generator declares its markers as Definitions: the name, the places
// where it may stand, and the grammar of its value. The registry parses every
// marker once, while the model is built, and reports unknown or malformed
// markers with their file:line. Generators then read typed values through
// a Def: a Definition declared with the type of value its grammar yields.
package markers

import (
	"errors"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"k8s.io/gengo/v2/codetags"

	"github.com/apigen-dev/apigen/diag"
)

// Place is where in the source a marker stands.
type Place uint8

const (
	Package Place = 1 << iota // the comments of a package's doc.go
	Type                      // the comment blocks above a type declaration
	Field                     // the comment block above a struct field
	Func                      // the comment block above a function
	Const                     // the comment block above a constant
)

func (p Place) String() string {
	var names []string
	for _, x := range []struct {
		p    Place
		name string
	}{{Package, "package"}, {Type, "type"}, {Field, "field"}, {Func, "function"}, {Const, "constant"}} {
		if p&x.p != 0 {
			names = append(names, x.name)
		}
	}
	return strings.Join(names, ", ")
}

// Definition declares one marker at one kind of place. The same name may be
// defined for several places with different grammars.
type Definition struct {
	Name       string  // without the leading "+"
	Place      Place   // where it may stand
	Value      Grammar // what may follow "="
	Repeatable bool    // may be given more than once at one place
	// Once: upstream rejects, or reads differently, a second marker even
	// with the same value, so a repeat is an error and not a warning.
	Once bool
	// First: upstream reads the first of repeated markers and generates,
	// so a repeat with another value is a warning, and is dropped.
	First bool
	// Whole: the grammar parses the whole marker text after "+" (name,
	// arguments and value), for tags with arguments such as
	// +k8s:ifEnabled(Gate)=+k8s:required.
	Whole bool
	// Args: controller-gen's syntax, where arguments may follow the name
	// as "+name:arg=value,arg=value". The marker is found as controller-gen
	// finds it (see withArgs); the grammar gets the whole text, as with
	// Whole.
	Args bool
	Help string // one line for `apigen markers`
	// yields is the type of value Typed declared; check panics when a
	// parsed value is not one.
	yields reflect.Type
	check  func(any)
}

// Grammar parses and checks a marker's raw value.
type Grammar interface {
	Parse(raw string) (any, error)
	String() string // the allowed forms, for help and errors
}

// Marker is one marker found in the source.
type Marker struct {
	Def   *Definition
	Pos   token.Position
	Value any // what Def.Value.Parse returned
	raw   string
	src   source
}

// Set is the markers found at one place, in source order. Read it through
// the typed definitions (see Def).
type Set []Marker

// Line is one line of comment text and where it starts.
type Line struct {
	Text string
	Pos  token.Position
	// At is where Text begins in the source, when it is known: it is for
	// fixes, which edit the source by offset.
	At token.Position
}

// Registry holds every Definition and the name spaces that generators own:
// any marker in an owned name space must be defined.
type Registry struct {
	defs       []*Definition
	namespaces []string
	strict     []string // see OwnStrictly
	elsewhere  []string // see ReadElsewhere
}

// ReadElsewhere says that markers whose text begins with prefix are read
// by their generator from the comment text, not through the registry:
// "protobuf.options.(" for "+protobuf.options.(gogoproto.goproto_stringer)=false".
func (r *Registry) ReadElsewhere(prefix string) {
	r.elsewhere = append(r.elsewhere, prefix)
}

// Define adds definitions. Defining the same *Definition again is allowed,
// so generators can share common markers; a different definition with the
// same name and place panics, which is a programming error.
func (r *Registry) Define(defs ...*Definition) {
next:
	for _, d := range defs {
		for _, old := range r.defs {
			if old == d {
				continue next
			}
			if old.Name == d.Name && old.Place&d.Place != 0 {
				panic(fmt.Sprintf("marker +%s defined twice for %s", d.Name, d.Place&old.Place))
			}
		}
		r.defs = append(r.defs, d)
	}
}

// Own claims a name space, such as "k8s:deepcopy-gen". A marker whose name
// begins with it, or misspells it, must then be a defined one.
func (r *Registry) Own(namespace string) {
	r.namespaces = append(r.namespaces, namespace)
}

// Definitions returns every definition, sorted by name and place.
func (r *Registry) Definitions() []*Definition {
	out := slices.Clone(r.defs)
	slices.SortFunc(out, func(a, b *Definition) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return int(a.Place) - int(b.Place)
	})
	return out
}

// Parse reads the markers among lines, which all stand at one place, and
// records a diagnostic for each marker that is unknown in an owned name
// space, out of place, malformed, or repeated where it may not be.
func (r *Registry) Parse(lines []Line, at Place, diags *diag.List) Set {
	diags = diags.In(diag.Markers)
	var set Set
	for _, l := range lines {
		text := strings.TrimLeft(l.Text, " \t")
		if !strings.HasPrefix(text, "+") {
			continue
		}
		name := text[1 : 1+nameEnd(text[1:])]
		if name == "" {
			continue
		}
		src := source{line: l, name: len(l.Text) - len(text) + 1}
		if m, ok := r.parseOne(name, text[1:], at, src, diags); ok {
			set = append(set, m)
		}
	}
	return dropRepeats(set, diags)
}

// source is where a marker was read: its line, and the offset of its name
// in the line's text.
type source struct {
	line Line
	name int
}

// span returns the positions of the bytes from..to of the line's text,
// when its place in the source is known.
func (s source) span(from, to int) (token.Position, token.Position, bool) {
	if !s.line.At.IsValid() {
		return token.Position{}, token.Position{}, false
	}
	a, b := s.line.At, s.line.At
	a.Offset += from
	a.Column += from
	b.Offset += to
	b.Column += to
	return a, b, true
}

// rename is the fix that gives the marker name the name to.
func (s source) rename(name, to string) *diag.Fix {
	a, b, ok := s.span(s.name, s.name+len(name))
	if !ok {
		return nil
	}
	return &diag.Fix{Message: "Replace +" + name + " with +" + to, Edits: []diag.Edit{{Pos: a, End: b, New: to}}}
}

// remove is the fix that deletes the marker's comment: from where the
// comment starts to the end of its line.
func (s source) remove(name string) *diag.Fix {
	_, end, ok := s.span(0, len(s.line.Text))
	if !ok {
		return nil
	}
	return &diag.Fix{Message: "Remove the repeated +" + name, Edits: []diag.Edit{{Pos: s.line.Pos, End: end}}}
}

func (r *Registry) parseOne(name, text string, at Place, src source, diags *diag.List) (Marker, bool) {
	pos := src.line.Pos
	var named []*Definition
	for _, d := range r.defs {
		if d.Name == name && !d.Args {
			named = append(named, d)
		}
	}
	if len(named) == 0 {
		text = strings.TrimSpace(text)
		if named = r.withArgs(text); len(named) == 0 && r.hasArgs(name) {
			name, _, _ = strings.Cut(text, "=") // controller-gen's name for it
		}
	}
	if len(named) == 0 {
		// "+k8s:opaqueType." ends a sentence of prose: it names a marker,
		// and is none.
		after := strings.TrimPrefix(text, name)
		prose := strings.HasSuffix(name, ".") && (after == "" || after[0] == ' ' || after[0] == '\t') && r.Claims(strings.TrimRight(name, "."))
		elsewhere := slices.ContainsFunc(r.elsewhere, func(p string) bool { return strings.HasPrefix(text, p) })
		if !prose && !elsewhere && r.owned(name) {
			r.unknown(name, at, src, diags)
		}
		return Marker{}, false
	}
	i := slices.IndexFunc(named, func(d *Definition) bool { return d.Place&at != 0 })
	if i < 0 && (at == Const || at == Func) {
		// Upstream reads no marker on a constant or function: only those
		// defined for one are read there, and the others are left alone,
		// as prose ("+k8s:customValidation on T.F. It …").
		return Marker{}, false
	}
	if i < 0 {
		var where Place
		for _, d := range named {
			where |= d.Place
		}
		// Upstream reads no tag where it does not look for it.
		diags.Warnf(pos, "marker +%s does not belong on a %s; it goes on a %s", name, at, where)
		return Marker{}, false
	}
	def := named[i]
	if def.Args {
		name = def.Name
	}
	if def.Whole || def.Args {
		v, err := def.Value.Parse(text)
		if l := (*Lenient)(nil); errors.As(err, &l) {
			diags.Warnf(pos, "invalid +%s: %v", name, err)
			return def.markerAt(src, l.Value, text), true
		}
		if err != nil {
			diags.Errorf(pos, "invalid +%s: %v", name, err)
			return Marker{}, false
		}
		return def.markerAt(src, v, text), true
	}
	tag, err := codetags.Parse(text, codetags.RawValues(true))
	if err != nil {
		diags.Errorf(pos, "malformed marker +%s: %v", name, err)
		return Marker{}, false
	}
	if len(tag.Args) > 0 {
		diags.Errorf(pos, "marker +%s takes no arguments", name)
		return Marker{}, false
	}
	v, err := def.Value.Parse(tag.Value)
	if err != nil {
		return invalidValue(def, src, tag.Value, err, diags)
	}
	return def.markerAt(src, v, tag.Value), true
}

// marker makes a marker of d, checking v's type when d is typed.
func (d *Definition) marker(pos token.Position, v any, raw string) Marker {
	if d.check != nil {
		d.check(v)
	}
	return Marker{Def: d, Pos: pos, Value: v, raw: raw}
}

// markerAt makes a marker of d read at src.
func (d *Definition) markerAt(src source, v any, raw string) Marker {
	m := d.marker(src.line.Pos, v, raw)
	m.src = src
	return m
}

// withArgs returns the Args definitions controller-gen finds for text,
// the marker after "+": first those named all of text before its first
// "=", then, when there is a "=", those named that cut at its last ":".
func (r *Registry) withArgs(text string) []*Definition {
	head, _, hasValue := strings.Cut(text, "=")
	names := []string{head}
	if name, _, ok := cutLastSegment(head, hasValue); ok {
		names = append(names, name)
	}
	var out []*Definition
	for _, n := range names {
		for _, d := range r.defs {
			if d.Args && d.Name == n {
				out = append(out, d)
			}
		}
	}
	return out
}

func (r *Registry) hasArgs(name string) bool {
	return slices.ContainsFunc(r.defs, func(d *Definition) bool { return d.Args && d.Name == name })
}

// QuoteShort quotes a value for a message, cutting one longer than a
// line short.
func QuoteShort(v string) string {
	const max = 80
	if len(v) <= max {
		return strconv.Quote(v)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(v[:cut]), len(v))
}

// dropRepeats reports and removes the second and later markers of a
// definition that may be given only once. A repeat of the same value
// changes nothing upstream generates, unless the definition says so.
func dropRepeats(set Set, diags *diag.List) Set {
	first := map[*Definition]Marker{}
	out := set[:0]
	for _, m := range set {
		if f, seen := first[m.Def]; seen && !m.Def.Repeatable {
			switch {
			case f.raw == m.raw && !m.Def.Once:
				diags.WarnFix(m.Pos, m.src.remove(m.Def.Name), "marker +%s given again with the same value (first at line %d); the repeat has no effect", m.Def.Name, f.Pos.Line)
			case m.Def.First:
				diags.WarnFix(m.Pos, m.src.remove(m.Def.Name), "marker +%s given again with another value (first at line %d); the first is read, and this one has no effect", m.Def.Name, f.Pos.Line)
			default:
				diags.Errorf(m.Pos, "marker +%s given again (first at line %d); it may be given once", m.Def.Name, f.Pos.Line)
			}
			continue
		} else if !seen {
			first[m.Def] = m
		}
		out = append(out, m)
	}
	return out
}

// owned reports whether name lies in, or misspells, an owned name space:
// name's first segments, as many as the name space has, are within two
// edits of it ("prtoobuf.nullable" misspells "protobuf"). A name of no
// name space is owned when it misspells a defined one by a letter
// ("listtype", "lsitType").
func (r *Registry) owned(name string) bool {
	for _, ns := range r.namespaces {
		if strings.HasPrefix(name, ns) || distance(segments(name, ns), strings.TrimRight(ns, ":.")) <= 2 {
			return true
		}
	}
	return !strings.ContainsAny(name, ":.") && len(name) >= 5 && slices.ContainsFunc(r.defs, func(d *Definition) bool {
		return !strings.ContainsAny(d.Name, ":.") && oneSlip(name, d.Name)
	})
}

// oneSlip reports whether a and b differ by one letter added, dropped or
// changed, or by two neighbours swapped.
func oneSlip(a, b string) bool {
	if distance(a, b) == 1 {
		return true
	}
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// segments is the start of name with as many ':'- or '.'-separated
// segments as ns has.
func segments(name, ns string) string {
	n := strings.Count(strings.TrimRight(ns, ":."), ":") + strings.Count(strings.TrimRight(ns, ":."), ".")
	for i, c := range name {
		if c == ':' || c == '.' {
			if n == 0 {
				return name[:i]
			}
			n--
		}
	}
	return name
}

// suggest names the defined marker closest to name.
func (r *Registry) suggest(name string) string {
	if best := r.closest(name); best != "" {
		return fmt.Sprintf("; did you mean +%s?", best)
	}
	return ""
}

// closest is the defined marker name closest to name.
func (r *Registry) closest(name string) string {
	names := make([]string, len(r.defs))
	for i, d := range r.defs {
		names[i] = d.Name
	}
	return Closest(name, names)
}

// Closest returns the candidate with the smallest edit distance to word,
// the first of equals, or "" when there is none.
func Closest(word string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		if d := distance(word, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Suggest returns "; did you mean X?" for the candidate closest to word,
// or "" when none is within a third of the word's length of it.
func Suggest(word string, candidates []string) string {
	if best := Closest(word, candidates); best != "" && distance(word, best) <= max(1, len(word)/3) {
		return fmt.Sprintf("; did you mean %s?", best)
	}
	return ""
}

// TagName returns the name of the marker a comment line holds ("+name…"),
// or "" when the line holds none.
func TagName(line string) string {
	text, ok := strings.CutPrefix(strings.TrimLeft(line, " \t"), "+")
	if !ok {
		return ""
	}
	return text[:nameEnd(text)]
}

// Claims reports whether name is defined, or lies in or misspells a name
// space a generator owns: whether Parse reads or reports it.
func (r *Registry) Claims(name string) bool {
	return r.owned(name) || slices.ContainsFunc(r.defs, func(d *Definition) bool { return d.Name == name })
}

// nameEnd finds the end of a marker name the way gengo's codetags does: a
// letter or underscore, then letters, digits and "_.-:".
func nameEnd(s string) int {
	for i, r := range s {
		ok := unicode.IsLetter(r) || r == '_'
		if i > 0 {
			ok = ok || unicode.IsDigit(r) || strings.ContainsRune(".-:", r)
		}
		if !ok {
			return i
		}
	}
	return len(s)
}

// distance is the Levenshtein edit distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
