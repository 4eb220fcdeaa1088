package validators

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// Tags for testing the generator: their checks pass or fail whatever the
// value, or generation itself fails.
const (
	tnValidateTrue      = "k8s:validateTrue"
	tnValidateFalse     = "k8s:validateFalse"
	tnValidateError     = "k8s:validateError"
	tnValidateTrueAlpha = "k8s:validateTrueAlpha"
	tnValidateTrueBeta  = "k8s:validateTrueBeta"
)

func init() {
	for _, ft := range []fixedTag{
		{name: tnValidateTrue, pass: true, level: TagStabilityLevelAlpha},
		{name: tnValidateFalse, level: TagStabilityLevelAlpha},
		{name: tnValidateError, fail: true, level: TagStabilityLevelAlpha},
		{name: tnValidateTrueAlpha, pass: true, level: TagStabilityLevelAlpha},
		{name: tnValidateTrueBeta, pass: true, level: TagStabilityLevelBeta},
	} {
		Register(func() TagValidator { return ft })
	}
}

// fixedTag calls the runtime's FixedResult with a set outcome.
type fixedTag struct {
	name  string
	pass  bool // the check passes
	fail  bool // generation fails
	level TagStabilityLevel
}

func (fixedTag) Init(Config)        {}
func (ft fixedTag) TagName() string { return ft.name }
func (fixedTag) ValidScopes() sets.Set[Scope] {
	return sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal)
}

func (ft fixedTag) GetValidations(_ Context, tag codetags.Tag) (Validations, error) {
	if ft.fail {
		return Validations{}, fmt.Errorf("forced error: %q", tag.Value)
	}
	fn := Function(ft.name, DefaultFlags, stdFn("FixedResult"), ft.pass, "")
	for _, a := range tag.Args {
		switch a.Name {
		case "flags":
			flags, err := fixedFlags(a.Value)
			if err != nil {
				return Validations{}, fmt.Errorf("can't decode tag payload: %w", err)
			}
			fn.Flags |= flags
		case "typeArg":
			if a.Value != "" {
				fn.TypeArgs = []types.Name{{Name: "*" + strings.TrimPrefix(a.Value, "*")}}
			}
		case "cohort":
			fn.Cohort = a.Value
		}
	}
	if tag.ValueType == codetags.ValueTypeString {
		fn.Args[1] = tag.Value
	}
	if !ft.pass {
		fn = fn.WithEmits(emitting(field.ErrorTypeInvalid, "validateFalse"))
	}
	return single(fn), nil
}

// fixedFlags parses a comma-separated list of flag names.
func fixedFlags(list string) (FunctionFlags, error) {
	var flags FunctionFlags
	for _, f := range strings.Split(list, ",") {
		switch f = strings.TrimSpace(f); f {
		case "ShortCircuit":
			flags |= ShortCircuit
		case "NonError":
			flags |= NonError
		default:
			return 0, fmt.Errorf("unknown flag: %q", f)
		}
	}
	return flags, nil
}

func (ft fixedTag) Docs() TagDoc {
	doc := TagDoc{
		Tag:            ft.name,
		StabilityLevel: ft.level,
		Scopes:         sets.List(ft.ValidScopes()),
		PayloadsType:   codetags.ValueTypeString,
	}
	if ft.fail {
		doc.Description = "Makes code generation fail; for tests."
		doc.Payloads = []TagPayloadDoc{{Description: "<string>", Docs: "Quoted in the generator's error."}}
		return doc
	}
	doc.Description = "Generates a check that always fails; for tests."
	if ft.pass {
		doc.Description = "Generates a check that always passes; for tests."
	}
	doc.Payloads = []TagPayloadDoc{
		{Description: "<none>"},
		{Description: "<string>", Docs: "A message carried into the generated call."},
	}
	doc.Args = []TagArgDoc{{
		Name:        "flags",
		Description: "<comma-separated-list-of-flag-string>",
		Docs:        "Any of ShortCircuit and NonError.",
		Type:        codetags.ArgTypeString,
	}, {
		Name:        "typeArg",
		Description: "<string>",
		Docs:        "The value type (not a pointer) to give the generated call as its type argument.",
		Type:        codetags.ArgTypeString,
	}, {
		Name:        "cohort",
		Description: "<string>",
		Docs:        "Groups this check with others of the same cohort name.",
		Type:        codetags.ArgTypeString,
	}}
	return doc
}
