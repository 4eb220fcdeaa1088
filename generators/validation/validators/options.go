package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
)

const (
	tnIfEnabled  = "k8s:ifEnabled"
	tnIfDisabled = "k8s:ifDisabled"
)

func init() {
	Register(func() TagValidator { return &optionTag{enabled: true} })
	Register(func() TagValidator { return &optionTag{enabled: false} })
}

// optionTag is +k8s:ifEnabled(Opt)=<tag> or +k8s:ifDisabled(Opt)=<tag>: the
// nested tag's checks run only when the option is on (or off).
type optionTag struct {
	enabled bool
	inner   TagValidationExtractor
}

func (ot *optionTag) Init(cfg Config) { ot.inner = cfg.TagValidator }

func (ot *optionTag) TagName() string {
	if ot.enabled {
		return tnIfEnabled
	}
	return tnIfDisabled
}

func (*optionTag) ValidScopes() sets.Set[Scope] { return sets.New(valueScopes...).Insert(ScopeConst) }

func (ot *optionTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	option, ok := tag.PositionalArg()
	if !ok {
		return Validations{}, fmt.Errorf("missing required option name positional argument")
	}
	v, err := ot.inner.ExtractTagValidations(ctx, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	// Each call becomes IfOption(option, enabled, <the call>), on the type
	// of the place where the call lands.
	return WrapFunctions(v, func(fn FunctionGen, scope DeferredScope) FunctionGen {
		on := ctx.Type
		if scope == ParentContext {
			on = ctx.ParentType
		}
		return Function(ot.TagName(), fn.Flags, stdFn("IfOption"), option.Value, ot.enabled,
			WrapperFunction{Function: fn, ObjType: on})
	}), nil
}

func (ot *optionTag) Docs() TagDoc {
	state := "disabled"
	if ot.enabled {
		state = "enabled"
	}
	return describe(ot, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    fmt.Sprintf("Applies the nested validation only while the named option is %s.", state),
		Args:           []TagArgDoc{requiredArg("<option>")},
	}.withPayload(codetags.ValueTypeTag, "<validation-tag>", fmt.Sprintf("Evaluated only while the option is %s.", state)))
}
