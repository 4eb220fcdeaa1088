package validators

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// limitSubject is the kind of value a limit tag applies to.
type limitSubject int

const (
	limitString limitSubject = iota
	limitList
	limitMap
	limitInteger
)

// limitTag is a tag with an integer payload that bounds a length, a size or
// a value: +k8s:maxLength=10, +k8s:minimum=0, …
type limitTag struct {
	tagSpec  // the name is such as "k8s:maxLength"; the error origin is "maxLength"
	subject  limitSubject
	flags    FunctionFlags
	errType  field.ErrorType
	upTo     int  // the largest payload allowed, or 0 for no bound
	signed   bool // negative payloads are allowed
	skipZero bool // a payload of 0 generates nothing
	summary  string
	payload  string // what the payload means
}

var (
	listLimitScopes = []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapVal}
	mapLimitScopes  = []Scope{ScopeType, ScopeField}
)

func init() {
	for _, lt := range limitTags() {
		Register(func() TagValidator { c := lt; return &c })
	}
}

func limitTags() []limitTag {
	return []limitTag{{
		tagSpec: tagSpec{"k8s:maxLength", valueScopes}, subject: limitString, errType: field.ErrorTypeTooLong,
		summary: "Caps the number of characters (runes) in a string; a multi-byte character counts once, so the byte size may reach four times the cap. See maxBytes for a cap in bytes.",
		payload: "The most characters the string may hold.",
	}, {
		tagSpec: tagSpec{"k8s:maxBytes", valueScopes}, subject: limitString, errType: field.ErrorTypeTooLong,
		summary: "Caps the size of a string in bytes, whatever characters it holds. See maxLength for a cap in characters.",
		payload: "The most bytes the string may take.",
	}, {
		tagSpec: tagSpec{"k8s:minLength", valueScopes}, subject: limitString, errType: field.ErrorTypeTooShort,
		signed: true, skipZero: true,
		summary: "Sets the fewest characters (runes) a string may hold. A value of 0 documents that no lower bound is wanted and generates no check.",
		payload: "The fewest characters the string may hold.",
	}, {
		tagSpec: tagSpec{"k8s:minItems", listLimitScopes}, subject: limitList, errType: field.ErrorTypeTooFew,
		summary: "Sets the fewest elements a list may have.",
		payload: "The smallest allowed number of elements.",
	}, {
		tagSpec: tagSpec{"k8s:maxItems", listLimitScopes}, subject: limitList, flags: ShortCircuit, errType: field.ErrorTypeTooMany,
		summary: "Caps the number of elements in a list; a list that is too long gets no further checks.",
		payload: "The largest allowed number of elements.",
	}, {
		tagSpec: tagSpec{"k8s:minProperties", mapLimitScopes}, subject: limitMap, errType: field.ErrorTypeTooFew, upTo: 100000,
		summary: "The JSON-schema bound on the number of properties of an object; here it applies only to Go maps with string keys, counting their entries.",
		payload: "The fewest entries the map may have, at most 100000.",
	}, {
		tagSpec: tagSpec{"k8s:maxProperties", mapLimitScopes}, subject: limitMap, flags: ShortCircuit, errType: field.ErrorTypeTooMany, upTo: 100000,
		summary: "The JSON-schema cap on the number of properties of an object; here it applies only to Go maps with string keys, counting their entries.",
		payload: "The most entries the map may have, at most 100000.",
	}, {
		tagSpec: tagSpec{"k8s:minimum", valueScopes}, subject: limitInteger, errType: field.ErrorTypeInvalid,
		summary: "Sets the lowest value an integer may take.",
		payload: "The value must not be below this.",
	}, {
		tagSpec: tagSpec{"k8s:maximum", valueScopes}, subject: limitInteger, errType: field.ErrorTypeInvalid,
		summary: "Sets the highest value an integer may take.",
		payload: "The value must not exceed this.",
	}}
}

func (lt *limitTag) runtimeName() string { return strings.ToUpper(lt.origin()[:1]) + lt.origin()[1:] }
func (lt *limitTag) origin() string      { return strings.TrimPrefix(lt.name, "k8s:") }

func (lt *limitTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if err := lt.checkSubject(ctx.Type); err != nil {
		return Validations{}, err
	}
	arg, err := lt.parse(ctx.Type, tag.Value)
	if err != nil || arg == nil {
		return Validations{}, err
	}
	fn := Function(lt.name, lt.flags, stdFn(lt.runtimeName()), arg).
		WithEmits(emitting(lt.errType, lt.origin()))
	return single(fn), nil
}

// checkSubject rejects types the tag does not apply to.
func (lt *limitTag) checkSubject(t *types.Type) error {
	native := NativeType(t)
	switch lt.subject {
	case limitString:
		if v := NonPointer(native); v != types.String {
			return fmt.Errorf("can only be used on string types (%s)", typeTrail(t, v))
		}
	case limitList:
		if native.Kind != types.Slice && native.Kind != types.Array {
			return fmt.Errorf("can only be used on list types (%s)", typeTrail(t, native))
		}
	case limitMap:
		if native.Kind != types.Map {
			return fmt.Errorf("can only be used on map types (%s)", typeTrail(t, native))
		}
		if k := NativeType(native.Key); k.Kind != types.Builtin || k.Name.Name != "string" {
			return fmt.Errorf("can only be used on map types with string-based keys (%s)", typeTrail(t, native))
		}
	case limitInteger:
		if v := NonPointer(native); !types.IsInteger(v) {
			return fmt.Errorf("can only be used on integer types (%s)", typeTrail(t, v))
		}
	}
	return nil
}

// parse turns the payload into the call's argument: an int for sizes, and
// an int64 or uint64 that fits the type for +k8s:minimum and +k8s:maximum.
// A nil result with no error means no call.
func (lt *limitTag) parse(t *types.Type, payload string) (any, error) {
	if lt.subject == limitInteger {
		return boundFor(NonPointer(NativeType(t)), payload)
	}
	n, err := ParseInt(payload)
	switch {
	case err != nil:
		return nil, fmt.Errorf("failed to parse tag payload as int: %w", err)
	case n < 0 && !lt.signed:
		return nil, fmt.Errorf("must be greater than or equal to zero")
	case lt.upTo > 0 && n > lt.upTo:
		return nil, fmt.Errorf("must be less than or equal to %d", lt.upTo)
	case n <= 0 && lt.skipZero:
		return nil, nil
	}
	return n, nil
}

// boundFor parses a value bound for the integer type t.
func boundFor(t *types.Type, payload string) (any, error) {
	bits, err := integerWidth(t)
	if err != nil {
		return nil, err
	}
	var n any
	if unsignedBuiltin(t) {
		n, err = ParseUnsignedInt(payload, bits)
	} else {
		n, err = ParseSignedInt(payload, bits)
	}
	if err != nil {
		return nil, fmt.Errorf("failed to parse tag payload: %w", err)
	}
	return n, nil
}

func (lt *limitTag) Docs() TagDoc {
	kind := "<non-negative integer>"
	if lt.signed || lt.subject == limitInteger {
		kind = "<integer>"
	}
	return describe(lt, TagDoc{StabilityLevel: TagStabilityLevelStable, Description: lt.summary}.
		withPayload(codetags.ValueTypeInt, kind, lt.payload))
}
