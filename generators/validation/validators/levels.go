package validators

import (
	"fmt"
	"regexp"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
)

const (
	tnAlpha = "k8s:alpha"
	tnBeta  = "k8s:beta"
)

// sinceVersion is a Kubernetes version such as 1.34.
var sinceVersion = regexp.MustCompile(`^\d+\.\d+$`)

func init() {
	Register(func() TagValidator { return &levelTag{name: tnAlpha, level: ValidationStabilityLevelAlpha} })
	Register(func() TagValidator { return &levelTag{name: tnBeta, level: ValidationStabilityLevelBeta} })
}

// levelTag is +k8s:alpha=<tag> or +k8s:beta=<tag>: the nested tag's checks
// are marked with the stability level.
type levelTag struct {
	name  string
	level ValidationStabilityLevel
	inner TagValidationExtractor
}

func (lt *levelTag) Init(cfg Config)           { lt.inner = cfg.TagValidator }
func (lt *levelTag) TagName() string           { return lt.name }
func (*levelTag) ValidScopes() sets.Set[Scope] { return sets.New(valueScopes...) }

func (lt *levelTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if tag.ValueType != codetags.ValueTypeTag || tag.ValueTag == nil {
		return Validations{}, fmt.Errorf("requires a validation tag as its value payload")
	}
	switch {
	case len(tag.Args) > 1:
		return Validations{}, fmt.Errorf("at most one optional kubernetes version argument is supported")
	case len(tag.Args) == 1 && !sinceVersion.MatchString(tag.Args[0].Value):
		return Validations{}, fmt.Errorf("invalid kubernetes version format, expected <major>.<minor>, got %s", tag.Args[0].Value)
	}
	ctx.StabilityLevel = lt.level
	v, err := lt.inner.ExtractTagValidations(ctx, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	return WrapFunctions(v, func(fn FunctionGen, _ DeferredScope) FunctionGen {
		if !fn.StabilityLevelSelfManaged {
			fn.StabilityLevel = lt.level
		}
		return fn
	}), nil
}

func (lt *levelTag) Docs() TagDoc {
	return describe(lt, TagDoc{
		StabilityLevel: TagStabilityLevelBeta,
		Description: fmt.Sprintf("Runs the nested validation at the %s level, beside the hand-written validation code; "+
			"a Kubernetes version may be given.", lt.level),
		Args: []TagArgDoc{{
			Name:        "since",
			Description: "The Kubernetes release (such as `1.34`) that introduced this validation.",
			Type:        codetags.ArgTypeString,
		}},
	}.withPayload(codetags.ValueTypeTag, "<validation-tag>", fmt.Sprintf("The tag whose validation runs at the %s level.", lt.level)))
}
