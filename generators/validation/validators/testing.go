package validators

import (
	"fmt"
	"strings"

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
		{tagSpec: tagSpec{tnValidateTrue, valueScopes}, pass: true, level: TagStabilityLevelAlpha},
		{tagSpec: tagSpec{tnValidateFalse, valueScopes}, level: TagStabilityLevelAlpha},
		{tagSpec: tagSpec{tnValidateError, valueScopes}, fail: true, level: TagStabilityLevelAlpha},
		{tagSpec: tagSpec{tnValidateTrueAlpha, valueScopes}, pass: true, level: TagStabilityLevelAlpha},
		{tagSpec: tagSpec{tnValidateTrueBeta, valueScopes}, pass: true, level: TagStabilityLevelBeta},
	} {
		Register(func() TagValidator { return ft })
	}
}

// fixedTag calls the runtime's FixedResult with a set outcome.
type fixedTag struct {
	tagSpec
	pass  bool // the check passes
	fail  bool // generation fails
	level TagStabilityLevel
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
	doc := describe(ft, TagDoc{StabilityLevel: ft.level, PayloadsType: codetags.ValueTypeString})
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
	flags := stringArg("flags", "Any of ShortCircuit and NonError.")
	flags.Description = "<comma-separated-list-of-flag-string>"
	doc.Args = []TagArgDoc{
		flags,
		stringArg("typeArg", "The value type (not a pointer) to give the generated call as its type argument."),
		stringArg("cohort", "Groups this check with others of the same cohort name."),
	}
	return doc
}
