package validators

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
)

const tnOpaqueType = "k8s:opaqueType"

func init() { Register(func() TagValidator { return opaqueTag{} }) }

// opaqueTag is +k8s:opaqueType: the validation of the type in this place
// is not called.
type opaqueTag struct{}

func (opaqueTag) Init(Config)     {}
func (opaqueTag) TagName() string { return tnOpaqueType }
func (opaqueTag) ValidScopes() sets.Set[Scope] {
	return sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal)
}

func (opaqueTag) GetValidations(Context, codetags.Tag) (Validations, error) {
	return Validations{OpaqueType: true}, nil
}

func (o opaqueTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tnOpaqueType,
		StabilityLevel: TagStabilityLevelStable,
		Scopes:         sets.List(o.ValidScopes()),
		Description: "Skips whatever validation the referenced type declares. " +
			"A type from a package outside the generator's inputs must carry this tag, or generation stops, so that its checks are never dropped by accident; " +
			"to keep them instead, name its package with --readonly-pkg.",
	}
}
