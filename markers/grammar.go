package markers

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"
)

// OneOf accepts exactly one of the given words.
type OneOf []string

func (g OneOf) Parse(raw string) (any, error) {
	if !slices.Contains(g, raw) {
		return nil, fmt.Errorf("allowed values are %s", strings.Join(g, ", "))
	}
	return raw, nil
}

func (g OneOf) String() string { return strings.Join(g, "|") }

// Options is a word from Values followed by ",key=value" options whose keys
// are in Keys: "package,register=true".
type Options struct {
	Values OneOf
	Keys   []string
}

// Option is what Options.Parse returns.
type Option struct {
	Value  string
	Params map[string]string
}

func (g Options) Parse(raw string) (any, error) {
	parts := strings.Split(raw, ",")
	if _, err := g.Values.Parse(parts[0]); err != nil {
		return nil, err
	}
	out := Option{Value: parts[0], Params: map[string]string{}}
	for _, p := range parts[1:] {
		k, v, _ := strings.Cut(p, "=")
		if !slices.Contains(g.Keys, k) {
			return nil, fmt.Errorf("unknown option %q; known options are %s", k, strings.Join(g.Keys, ", "))
		}
		out.Params[k] = v
	}
	return out, nil
}

func (g Options) String() string {
	s := g.Values.String()
	for _, k := range g.Keys {
		s += "[," + k + "=...]"
	}
	return s
}

// CommentLines splits comment groups into lines with their positions,
// dropping comment markers and directives the way ast.CommentGroup.Text does.
func CommentLines(fset *token.FileSet, groups ...*ast.CommentGroup) []Line {
	var out []Line
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			pos := fset.Position(c.Slash)
			if text, ok := strings.CutPrefix(c.Text, "//"); ok {
				if spaced, ok := strings.CutPrefix(text, " "); ok {
					text = spaced
				} else if isDirective(text) {
					continue
				}
				at := pos
				at.Offset += len(c.Text) - len(text)
				at.Column += len(c.Text) - len(text)
				out = append(out, Line{Text: text, Pos: pos, At: at})
				continue
			}
			text := strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
			for i, l := range strings.Split(text, "\n") {
				p := pos
				p.Line += i
				out = append(out, Line{Text: l, Pos: p})
			}
		}
	}
	return out
}

// SlashCommentLines is CommentLines for the line comments of groups only:
// controller-gen reads markers there alone, not in /* */ comments.
func SlashCommentLines(fset *token.FileSet, groups ...*ast.CommentGroup) []Line {
	var out []Line
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//") {
				out = append(out, CommentLines(fset, &ast.CommentGroup{List: []*ast.Comment{c}})...)
			}
		}
	}
	return out
}

var directive = regexp.MustCompile(`^(line |extern |export |[a-z0-9]+:[a-z0-9])`)

func isDirective(s string) bool { return directive.MatchString(s) }

// TypeRef names a type by import path and name: "k8s.io/pkg/runtime.Object".
// The model resolves Type while it is built, so generators need not load.
type TypeRef struct {
	Package, Name string
	Pos           token.Position
	Type          *types.Type // set by the model; nil if it could not be found
}

// TypeRefs is a comma-separated list of fully qualified type names. Parse
// returns []*TypeRef.
type TypeRefs struct{}

var qualified = regexp.MustCompile(`^[\w.\-/~]+\.[A-Za-z_]\w*$`)

func (TypeRefs) Parse(raw string) (any, error) {
	var out []*TypeRef
	for _, item := range strings.Split(raw, ",") {
		if item == "" {
			continue
		}
		if !qualified.MatchString(item) {
			return nil, fmt.Errorf("%q is not a fully qualified type name such as k8s.io/apimachinery/pkg/runtime.Object", item)
		}
		i := strings.LastIndexByte(item, '.')
		out = append(out, &TypeRef{Package: item[:i], Name: item[i+1:]})
	}
	return out, nil
}

func (TypeRefs) String() string { return "comma-separated import/path.TypeName" }

// Switch is a package-level on/off value as upstream's generators read it:
// "false" is off, any other value ("true" by convention) is on. Parse
// returns a bool.
type Switch struct{}

func (Switch) Parse(raw string) (any, error) { return raw != "false", nil }

// PackageSwitch declares a generator's package-level on/off marker,
// +name=true|false; repeatable says it may be given more than once.
func PackageSwitch(name string, repeatable bool, help string) Def[bool] {
	return Typed[bool](&Definition{Name: name, Place: Package, Value: Switch{}, Repeatable: repeatable, Help: help})
}
func (Switch) String() string { return "true|false" }
