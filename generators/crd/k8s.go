package crd

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	gotypes "go/types"
	"slices"
	"strconv"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/markers"
)

// The +k8s: markers of declarative validation that controller-gen also
// reads for CRDs. They are defined in this package's own registry only:
// validation-gen defines the same names in the shared one.
var k8sMarkers = []*markers.Definition{
	k8sRequired.Definition,
	k8sOptional.Definition,
	k8sImmutable.Definition,
	def("k8s:enum", markers.Type, "the type's string constants are its only values"),
	def("k8s:enum", markers.Field, "not allowed: k8s:enum goes on a type"),
	def("k8s:maxItems", markers.Field, "the most items a list may have", markers.Whole(markers.ArgRaw)),
	def("k8s:minimum", markers.Field, "the smallest value allowed", markers.Whole(markers.ArgRaw)),
	def("k8s:maximum", markers.Field, "the largest value allowed", markers.Whole(markers.ArgRaw)),
	def("k8s:listType", fieldOrTyp, "atomic, set or map", markers.Value(markers.ArgString)),
	def("k8s:listMapKey", fieldOrTyp, "a key of a map-type list", markers.Value(markers.ArgString)),
}

// The +k8s: markers read by name.
var (
	k8sRequired  = argsDef("k8s:required", markers.Field, "the field must be given, and not be empty")
	k8sOptional  = argsDef("k8s:optional", markers.Field, "the field may be omitted")
	k8sImmutable = argsDef("k8s:immutable", markers.Field, "the field cannot change once set")
)

// k8sAlias turns a +k8s: marker that means the same as an older one into
// that one's name and value. Values may end in a "#" comment.
func k8sAlias(name string, v any) (string, any, error) {
	raw, _ := v.(string)
	raw = strings.TrimSpace(raw)
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = strings.TrimSpace(raw[:i])
	}
	switch name {
	case "k8s:maxItems":
		n, err := strconv.Atoi(raw)
		if err != nil {
			return "", nil, fmt.Errorf("invalid maxItems value: %w", err)
		}
		return validation + "MaxItems", n, nil
	case "k8s:minimum", "k8s:maximum":
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return "", nil, fmt.Errorf("invalid %s value: %w", strings.TrimPrefix(name, "k8s:"), err)
		}
		return validation + strings.ToUpper(name[4:5]) + name[5:], f, nil
	case "k8s:listType", "k8s:listMapKey":
		return strings.TrimPrefix(name, "k8s:"), v, nil
	}
	return name, v, nil
}

// applyK8s applies the +k8s: markers that have no older twin. It reports
// whether name was one of them.
func (p *parser) applyK8s(c ctx, m markers.Marker, s *schema) (bool, error) {
	switch m.Def.Name {
	case "k8s:required":
		one := int64(1)
		switch {
		case s.Type == "string" && s.MinLength == nil:
			s.MinLength = &one
		case s.Type == "array" && s.MinItems == nil:
			s.MinItems = &one
		case s.Type == "object" && s.MinProperties == nil, s.Type == "" && s.Ref != nil && s.MinProperties == nil:
			s.MinProperties = &one
		}
	case "k8s:immutable":
		s.XValidations = append(s.XValidations, apiext.ValidationRule{Rule: "self == oldSelf", Message: "field is immutable"})
	case "k8s:enum":
		if m.Def.Place == markers.Field {
			return true, fmt.Errorf("k8s:enum must be set on a type, not a field")
		}
		return true, p.enum(c, s)
	case "k8s:optional":
	default:
		return false, nil
	}
	return true, nil
}

// enum sets s to the string constants of the type c describes.
func (p *parser) enum(c ctx, s *schema) error {
	pkg := c.pkg.pkg
	scope := pkg.Types.Scope()
	obj := scope.Lookup(c.info.name)
	if obj == nil {
		return fmt.Errorf("unknown enum type %s", c.info.name)
	}
	t := obj.Type()
	if b, ok := t.Underlying().(*gotypes.Basic); !ok || b.Info()&gotypes.IsString == 0 {
		return fmt.Errorf("enum type must be a string, not %s", t.String())
	}
	var values []apiext.JSON
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if o := scope.Lookup(n.Name); o == nil || o.Type() != t || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					str, err := strconv.Unquote(lit.Value)
					if err != nil {
						return fmt.Errorf("failed to unquote enum value %q: %w", lit.Value, err)
					}
					raw, _ := json.Marshal(str)
					values = append(values, apiext.JSON{Raw: raw})
				}
			}
		}
	}
	if len(values) == 0 {
		return fmt.Errorf("no enum values found for type %s", c.info.name)
	}
	slices.SortFunc(values, func(a, b apiext.JSON) int { return strings.Compare(string(a.Raw), string(b.Raw)) })
	s.Type, s.Enum = "string", values
	return nil
}

// immutableOnceSet returns the rules that keep optional immutable fields
// from being cleared once set.
func immutableOnceSet(names []string, required []string) []apiext.ValidationRule {
	var out []apiext.ValidationRule
	for _, n := range names {
		if !slices.Contains(required, n) {
			out = append(out, apiext.ValidationRule{
				Rule:    fmt.Sprintf("!has(oldSelf.%s) || has(self.%s)", n, n),
				Message: fmt.Sprintf("field %s is immutable once set", n),
			})
		}
	}
	return out
}
