package validators

import (
	"encoding/json"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const (
	tnRequired  = "k8s:required"
	tnOptional  = "k8s:optional"
	tnForbidden = "k8s:forbidden"
	// tnDefault is the defaulter's tag, read to tell truly optional fields
	// from those the server fills in.
	tnDefault = "default"
)

func init() {
	for _, name := range []string{tnRequired, tnOptional, tnForbidden} {
		Register(func() TagValidator { return presenceTag{name: name} })
	}
}

// presenceTag is +k8s:required, +k8s:optional or +k8s:forbidden: each calls
// the runtime check for whether a field is set that fits the field's kind.
type presenceTag struct{ name string }

func (presenceTag) Init(Config)                  {}
func (p presenceTag) TagName() string            { return p.name }
func (presenceTag) ValidScopes() sets.Set[Scope] { return sets.New(ScopeField) }

func (p presenceTag) GetValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	switch p.name {
	case tnRequired:
		return requiredCheck(ctx)
	case tnOptional:
		return optionalCheck(ctx)
	default:
		return forbiddenCheck(ctx)
	}
}

// presenceKind picks the suffix of the runtime function (RequiredSlice,
// OptionalValue, …) for the kind of t. Plain structs have none.
func presenceKind(t *types.Type, tag string) (string, error) {
	switch NativeType(t).Kind {
	case types.Slice:
		return "Slice", nil
	case types.Map:
		return "Map", nil
	case types.Pointer:
		return "Pointer", nil
	case types.Struct:
		return "", fmt.Errorf("non-pointer structs cannot use the %q tag", tag)
	}
	return "Value", nil
}

func requiredCheck(ctx Context) (Validations, error) {
	kind, err := presenceKind(ctx.Type, tnRequired)
	if err != nil {
		return Validations{}, err
	}
	fn := Function(tnRequired, ShortCircuit, stdFn("Required"+kind)).
		WithEmits(emitting(field.ErrorTypeRequired, ""))
	return single(fn), nil
}

func optionalCheck(ctx Context) (Validations, error) {
	defaulted, zero, err := defaultOf(ctx)
	if err != nil {
		return Validations{}, err
	}
	if defaulted {
		// A value-type field whose default is its zero value can't be
		// told apart from an unset one, so there is nothing to check.
		if zero && !IsNilableType(ctx.Type) {
			return Validations{Comments: []string{"optional value-type fields with zero-value defaults are purely documentation"}}, nil
		}
		// The server always sets a defaulted field, so it must be there.
		v, err := requiredCheck(ctx)
		if err != nil {
			return Validations{}, err
		}
		for i := range v.Functions {
			v.Functions[i] = v.Functions[i].WithComment("optional fields with default values are effectively required")
		}
		return v, nil
	}
	kind, err := presenceKind(ctx.Type, tnOptional)
	if err != nil {
		return Validations{}, err
	}
	return single(Function(tnOptional, ShortCircuit|NonError, stdFn("Optional"+kind))), nil
}

// forbiddenCheck fails when the field is set and otherwise stops (without
// error) the field's other checks, which have no value to look at.
func forbiddenCheck(ctx Context) (Validations, error) {
	kind, err := presenceKind(ctx.Type, tnForbidden)
	if err != nil {
		return Validations{}, err
	}
	return Validations{Functions: []FunctionGen{
		Function(tnForbidden, ShortCircuit, stdFn("Forbidden"+kind)).
			WithEmits(emitting(field.ErrorTypeForbidden, "")),
		Function(tnForbidden, ShortCircuit|NonError, stdFn("Optional"+kind)),
	}}, nil
}

// defaultOf reads the field's +default tag: whether there is one and, for
// value types, whether it is the zero value of the field's type.
func defaultOf(ctx Context) (has, zero bool, err error) {
	found, err := gengo.ExtractFunctionStyleCommentTags("+", []string{tnDefault}, ctx.Member.CommentLines)
	if err != nil {
		return false, false, fmt.Errorf("failed to read tags: %w", err)
	}
	list, ok := found[tnDefault]
	switch {
	case !ok:
		return false, false, nil
	case len(list) == 0:
		return false, false, fmt.Errorf("+default tag with no value")
	case len(list) > 1:
		return false, false, fmt.Errorf("+default tag with multiple values: %q", list)
	}
	text := list[0].Value
	var value any
	if err := json.Unmarshal([]byte(text), &value); err != nil {
		return false, false, fmt.Errorf("failed to parse default value %q: %w", text, err)
	}
	if value == nil {
		return false, false, fmt.Errorf("failed to parse default value %q: unmarshalled to nil", text)
	}
	if IsNilableType(ctx.Type) {
		return true, false, nil
	}
	t := NonPointer(NativeType(ctx.Type))
	z, known := jsonZero(t.String())
	if !known {
		return false, false, fmt.Errorf("unknown zero-value for type %s", t.String())
	}
	return true, reflect.DeepEqual(value, z), nil
}

// jsonZero is the zero value of a Go type as encoding/json decodes it into
// an any.
func jsonZero(typeName string) (any, bool) {
	switch typeName {
	case "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64",
		"byte", "float32", "float64", "integer", "number":
		return 0.0, true
	case "bool", "boolean":
		return false, true
	case "string", "time.Time", "[]byte":
		return "", true
	case "interface{}", "any":
		return nil, true
	}
	return nil, false
}

func (p presenceTag) Docs() TagDoc {
	doc := describe(p, TagDoc{StabilityLevel: TagStabilityLevelStable})
	switch p.name {
	case tnRequired:
		doc.Description = "The field has to be set by API clients."
	case tnOptional:
		doc.Description = "API clients may leave the field unset."
	default:
		doc.StabilityLevel = TagStabilityLevelBeta
		doc.Description = "The field must be left unset."
	}
	return doc
}
