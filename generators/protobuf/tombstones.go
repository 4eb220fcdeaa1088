package protobuf

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

// A tombstone is a comment line in a struct's body that records a removed
// field, so that its name and protobuf number are never used again:
//
//	// +k8s:deprecated=configMapRef,protobuf=1
//
// Upstream does not read tombstones. apigen numbers new fields past them
// and rejects a tag that reuses one.
type tombstone struct {
	field  string
	number int // 0 when the tombstone gives none
	pos    token.Position
}

const tombstoneMarker = "+k8s:deprecated"

// tombstones reads the tombstones in the body of struct t.
func (fb *fileBuilder) tombstones(t *types.Type) []tombstone {
	file, st := fb.structDecl(t)
	if st == nil {
		return nil
	}
	var out []tombstone
	for _, g := range file.Comments {
		if g.Pos() < st.Fields.Opening || g.End() > st.Fields.Closing {
			continue
		}
		for _, l := range markers.CommentLines(fb.m.Fset, g) {
			text, ok := strings.CutPrefix(strings.TrimSpace(l.Text), tombstoneMarker)
			if !ok || text != "" && isNameRune(rune(text[0])) {
				continue // not a tombstone, or another marker
			}
			ts, err := parseTombstone(text)
			if err != nil {
				fb.diags.Errorf(l.Pos, "malformed tombstone %s%s: %v; want %s=<field name>[,protobuf=<number>]", tombstoneMarker, text, err, tombstoneMarker)
				continue
			}
			ts.pos = l.Pos
			out = append(out, ts)
		}
	}
	return out
}

func isNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_.-:", r)
}

// parseTombstone reads what follows +k8s:deprecated: =name[,protobuf=N].
func parseTombstone(text string) (tombstone, error) {
	value, ok := strings.CutPrefix(text, "=")
	if !ok {
		return tombstone{}, fmt.Errorf("the removed field's name is missing")
	}
	parts := strings.Split(value, ",")
	ts := tombstone{field: parts[0]}
	if ts.field == "" || strings.ContainsFunc(ts.field, func(r rune) bool { return !isNameRune(r) }) {
		return tombstone{}, fmt.Errorf("%q is not a field name", ts.field)
	}
	for _, kv := range parts[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if k != "protobuf" || ts.number != 0 {
			return tombstone{}, fmt.Errorf("unexpected %q", kv)
		}
		n, err := strconv.Atoi(v)
		if err == nil {
			err = checkNumber(n)
		} else {
			err = fmt.Errorf("protobuf number %q is not an integer", v)
		}
		if err != nil {
			return tombstone{}, err
		}
		ts.number = n
	}
	return ts, nil
}

// structDecl finds the declaration of struct t in the source of the
// package that declares it.
func (fb *fileBuilder) structDecl(t *types.Type) (*ast.File, *ast.StructType) {
	p := fb.m.Package(t.Name.Package)
	if p == nil || p.Source == nil {
		return nil, nil
	}
	for _, f := range p.Source.Syntax {
		for _, d := range f.Decls {
			if st := structSpec(d, t.Name.Name); st != nil {
				return f, st
			}
		}
	}
	return nil, nil
}

// structSpec returns the struct type that d declares as name, if it does.
func structSpec(d ast.Decl, name string) *ast.StructType {
	gd, ok := d.(*ast.GenDecl)
	if !ok || gd.Tok != token.TYPE {
		return nil
	}
	for _, s := range gd.Specs {
		if ts := s.(*ast.TypeSpec); ts.Name.Name == name {
			st, _ := ts.Type.(*ast.StructType)
			return st
		}
	}
	return nil
}

// number gives the unnumbered fields the next numbers after the highest
// one that a field or tombstone takes, in struct order, and reports a
// number given twice, or given again after its field was removed.
func (fb *fileBuilder) number(fields []*Field, stones []tombstone) {
	highest := 0
	removed := map[int]tombstone{}
	for _, ts := range stones {
		if ts.number > 0 {
			removed[ts.number] = ts
			highest = max(highest, ts.number)
		}
	}
	taken := map[int]*Field{}
	for _, f := range fields {
		if f.Number == unnumbered {
			continue
		}
		if other := taken[f.Number]; other != nil {
			fb.diags.Errorf(f.Pos, "fields %s and %s both have protobuf number %d", other.GoName, f.GoName, f.Number)
		} else if ts, ok := removed[f.Number]; ok {
			fb.diags.Errorf(f.Pos, "field %s has protobuf number %d, which belonged to the removed field %s (%s at line %d)", f.GoName, f.Number, ts.field, tombstoneMarker, ts.pos.Line)
		}
		taken[f.Number] = f
		highest = max(highest, f.Number)
	}
	for _, f := range fields {
		if f.Number == unnumbered {
			highest++
			f.Number = highest
		}
	}
}

// checkGaps warns, in a package marked +apigen:protobuf:tombstones=required,
// of the numbers below the highest one t's fields are tagged with that no
// field's tag and no tombstone holds: the mark of a removed field whose
// number has no tombstone to keep it from being given again. Every
// member's tag counts, a dropped field's included. Kubernetes leaves such
// gaps by design (81 messages of k8s.io/api), hence the opt-in.
func (fb *fileBuilder) checkGaps(t *types.Type, stones []tombstone) {
	if p := fb.m.Package(t.Name.Package); p == nil || !tombstonesRequired.Has(p.Markers) {
		return
	}
	held := map[int]bool{}
	highest := 0
	for _, m := range t.Members {
		tag, ok := reflect.StructTag(m.Tags).Lookup("protobuf")
		if !ok {
			continue
		}
		// A malformed tag is reported where the field is made.
		if pt, err := parseTag(tag, "", ""); err == nil && pt.number > 0 {
			held[pt.number] = true
			highest = max(highest, pt.number)
		}
	}
	for _, ts := range stones {
		held[ts.number] = true
	}
	var gaps []string
	for n := 1; n < highest; n++ {
		if !held[n] {
			gaps = append(gaps, strconv.Itoa(n))
		}
	}
	if len(gaps) == 0 {
		return
	}
	noun := "number " + gaps[0] + " of " + t.Name.Name + " is"
	if len(gaps) > 1 {
		noun = "numbers " + strings.Join(gaps, ", ") + " of " + t.Name.Name + " are"
	}
	fb.diags.Warnf(fb.m.Position(t), "protobuf %s held by no field and no tombstone; a removed field's number needs one, %s=<field name>,protobuf=%s, so that it is never given again",
		noun, tombstoneMarker, gaps[0])
}
