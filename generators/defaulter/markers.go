package defaulter

import (
	"fmt"
	"regexp"

	"k8s.io/gengo/v2/codetags"

	"github.com/apigen-dev/apigen/markers"
)

const (
	enableMarker  = "k8s:defaulter-gen"
	inputMarker   = "k8s:defaulter-gen-input"
	defaultMarker = "default" // markers.Default, shared with openapi-gen
)

// fieldName accepts the name of a struct field, or "false".
type fieldName struct{}

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (fieldName) Parse(raw string) (any, error) {
	if raw == "" {
		return nil, fmt.Errorf("a field name such as TypeMeta, or false, is required")
	}
	if !identifier.MatchString(raw) {
		return nil, fmt.Errorf("%q is not a field name", raw)
	}
	return raw, nil
}

func (fieldName) String() string { return "FieldName|false" }

var (
	enablePackage = markers.Typed[string](&markers.Definition{
		Name:       enableMarker,
		Place:      markers.Package,
		Value:      fieldName{},
		Repeatable: true,
		Help:       "generate SetObjectDefaults_ functions for the package's types that have a field of this name, such as TypeMeta (repeatable); false turns the package off",
	})
	enableType = markers.Typed[string](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Type,
		Once:  true,
		// Upstream reads another value as neither: the package's field
		// names decide.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"true", "false"}},
		Help:  "in the comment block above the type's doc comment: always (true) or never (false) generate SetObjectDefaults_<Type>",
	})
	enableFunc = markers.Typed[string](&markers.Definition{
		Name:  enableMarker,
		Place: markers.Func,
		Once:  true,
		// Upstream reads another value as not covering.
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"covers"}},
		Help:  "on a SetDefaults_<Type> function: it defaults everything the type holds, so nested defaulters are not called after it",
	})
	inputPackage = markers.Typed[string](&markers.Definition{
		Name:  inputMarker,
		Place: markers.Package,
		Once:  true,
		Value: markers.ImportPath{},
		Help:  "the package whose types get defaulters, when it is not this one; the functions are written here",
	})
)

var definitions = []*markers.Definition{
	enablePackage.Definition,
	enableType.Definition,
	enableFunc.Definition,
	inputPackage.Definition,
	markers.Default.Definition,
}

// Define declares defaulter-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(enableMarker)
}

// activationOf reads what a package's doc.go says about defaulting: its
// values are the field names that select types.
func activationOf(path string, s markers.Set) markers.Activation {
	return markers.Activate(path, s, enablePackage, inputPackage)
}

// commentTag returns the values of the +name markers among lines, read as
// upstream reads them: every line that starts with +name, values raw. An
// error means a marker could not be parsed, or had arguments.
func commentTag(lines []string, name string) ([]string, error) {
	var out []string
	for _, line := range codetags.Extract("+", lines)[name] {
		tag, err := codetags.Parse(line, codetags.RawValues(true))
		if err != nil {
			return nil, err
		}
		if len(tag.Args) > 0 {
			return nil, fmt.Errorf("+%s takes no arguments", name)
		}
		out = append(out, tag.Value)
	}
	return out, nil
}
