package openapi

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// enum is a string type marked +enum, with the values of its constants,
// sorted by their Go string literals once findEnums has them all.
type enum struct {
	values []enumValue
}

type enumValue struct {
	name, value, comment string
	quoted               string // value as a Go string literal
}

// findEnums collects the +enum string types of the model's packages, and
// their values: the constants of those types declared there. Two constants
// with one value count once; the one with the longer comment describes it.
func findEnums(m *model.Model) map[types.Name]*enum {
	str := m.Universe.Type(types.Name{Name: "string"})
	out := map[types.Name]*enum{}
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if t.Kind == types.Alias && t.Underlying == str && markers.Enum.Has(m.DocMarkers(t)) {
				out[t.Name] = &enum{}
			}
		}
	}
	for _, p := range m.Packages {
		for _, c := range p.Constants {
			e := out[c.Underlying.Name]
			if e == nil || c.ConstValue == nil {
				continue
			}
			e.add(enumValue{name: c.Name.Name, value: *c.ConstValue, comment: strings.Join(c.CommentLines, " "), quoted: fmt.Sprintf("%q", *c.ConstValue)})
		}
	}
	for _, e := range out {
		slices.SortFunc(e.values, func(a, b enumValue) int { return strings.Compare(a.quoted, b.quoted) })
	}
	return out
}

func (e *enum) add(v enumValue) {
	for i, old := range e.values {
		if old.value != v.value {
			continue
		}
		if len(old.comment) < len(v.comment) || len(old.comment) == len(v.comment) && old.comment > v.comment {
			e.values[i] = v
		}
		return
	}
	e.values = append(e.values, v)
}

// enumOf returns the enum a field of type t takes its values from.
func enumOf(enums map[types.Name]*enum, t *types.Type) *enum {
	if t.Kind == types.Pointer {
		t = t.Elem
	}
	return enums[t.Name]
}

// quoted returns the values as sorted Go string literals.
func (e *enum) quoted() []string {
	out := make([]string, len(e.values))
	for i, v := range e.values {
		out[i] = v.quoted
	}
	return out
}

// valueList returns the values in the order quoted lists them.
func (e *enum) valueList() []any {
	out := make([]any, len(e.values))
	for i, v := range e.values {
		out[i] = v.value
	}
	return out
}

var spaces = regexp.MustCompile(`\s+`)

// descriptionLines are the comment lines that document the values in a
// property's description: a new paragraph with one sorted line per value.
func (e *enum) descriptionLines() []string {
	if len(e.values) == 0 {
		return nil
	}
	lines := make([]string, len(e.values))
	for i, v := range e.values {
		c := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v.comment), v.name))
		lines[i] = fmt.Sprintf(" - `%q` %s", v.value, spaces.ReplaceAllString(c, " "))
	}
	slices.Sort(lines)
	return append([]string{"", "Possible enum values:"}, lines...)
}
