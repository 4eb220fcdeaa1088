package validators

import (
	"fmt"
	"strconv"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// stdValidatePkg is the package of the runtime validation functions.
const stdValidatePkg = "k8s.io/apimachinery/pkg/api/validate"

// stdFn names a function of the runtime validation package.
func stdFn(name string) types.Name {
	return types.Name{Package: stdValidatePkg, Name: name}
}

// valueScopes are the places that hold a value: all but constants.
var valueScopes = []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal}

// tagSpec is a tag's name and scopes. Embedded, it gives a validator
// TagName, ValidScopes and an Init that does nothing.
type tagSpec struct {
	name   string
	scopes []Scope
}

func (ts tagSpec) Init(Config)                  {}
func (ts tagSpec) TagName() string              { return ts.name }
func (ts tagSpec) ValidScopes() sets.Set[Scope] { return sets.New(ts.scopes...) }

// runTag is a tagSpec whose Init keeps what the run shares: the facts its
// validators gather and the evaluator of nested tags.
type runTag struct {
	tagSpec
	s     *runShared
	inner TagValidationExtractor
}

func (rt *runTag) Init(cfg Config) { rt.s, rt.inner = cfg.shared, cfg.TagValidator }

// runSpec is a runTag, before Init, of the named tag.
func runSpec(name string, scopes ...Scope) runTag {
	return runTag{tagSpec: tagSpec{name: name, scopes: scopes}}
}

// describe is d with the tag name and the sorted scopes of tv.
func describe(tv TagValidator, d TagDoc) TagDoc {
	d.Tag, d.Scopes = tv.TagName(), sets.List(tv.ValidScopes())
	return d
}

// withPayload is d with one required payload of type vt.
func (d TagDoc) withPayload(vt codetags.ValueType, description, docs string) TagDoc {
	d.Payloads = []TagPayloadDoc{{Description: description, Docs: docs}}
	d.PayloadsType, d.PayloadsRequired = vt, true
	return d
}

// stringArg documents an optional string argument; "" names the
// positional one.
func stringArg(name, docs string) TagArgDoc {
	return TagArgDoc{Name: name, Description: "<string>", Docs: docs, Type: codetags.ArgTypeString}
}

// requiredArg documents the required positional string argument.
func requiredArg(description string) TagArgDoc {
	return TagArgDoc{Description: description, Type: codetags.ArgTypeString, Required: true}
}

// partOf is the context of a part of ctx's value (a field, an item, the
// keys or the values) of type t at path.
func partOf(ctx Context, scope Scope, t *types.Type, path *field.Path) Context {
	return Context{
		Scope:          scope,
		Type:           t,
		Path:           path,
		ParentPath:     ctx.Path,
		ParentType:     ctx.Type,
		StabilityLevel: ctx.StabilityLevel,
	}
}

// deferTo is Validations holding only fn, run once scope is complete.
func deferTo(scope DeferredScope, fn func() (Validations, error)) Validations {
	return Validations{Deferred: []DeferredGen{Deferred(scope, fn)}}
}

// typeTrail shows a type for error messages, with the type it resolves to
// when they differ.
func typeTrail(from, to *types.Type) string {
	if from == to {
		return from.String()
	}
	return fmt.Sprintf("%s -> %s", from, to)
}

// unsignedBuiltin reports whether t is one of gengo's unsigned integers.
func unsignedBuiltin(t *types.Type) bool {
	return t == types.Uint || t == types.Uint64 || t == types.Uint32 ||
		t == types.Uint16 || t == types.Byte
}

// integerWidth is the size in bits of one of gengo's integer builtins.
func integerWidth(t *types.Type) (int, error) {
	switch t {
	case types.Int, types.Uint:
		return strconv.IntSize, nil
	case types.Int64, types.Uint64:
		return 64, nil
	case types.Int32, types.Uint32:
		return 32, nil
	case types.Int16, types.Uint16:
		return 16, nil
	case types.Byte:
		return 8, nil
	}
	return 0, fmt.Errorf("unsupported integer type: %v", t)
}

// single wraps one function call as Validations.
func single(fn FunctionGen) Validations {
	return Validations{Functions: []FunctionGen{fn}}
}

// emitting is an Emission with no path fragment.
func emitting(t field.ErrorType, origin string) Emission {
	return Emission{Type: t, Origin: origin}
}
