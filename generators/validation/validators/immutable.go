package validators

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
)

const tnImmutable = "k8s:immutable"

func init() { Register(func() TagValidator { return immutableTag{} }) }

// immutableTag is +k8s:immutable: an update may not change the value.
type immutableTag struct{}

func (immutableTag) Init(Config)     {}
func (immutableTag) TagName() string { return tnImmutable }
func (immutableTag) ValidScopes() sets.Set[Scope] {
	return sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapVal)
}

// GetValidations flags the call ShortCircuit, so that it is grouped with
// the requiredness checks.
func (immutableTag) GetValidations(Context, codetags.Tag) (Validations, error) {
	fn := Function(tnImmutable, ShortCircuit, stdFn("Immutable")).
		WithEmits(emitting(field.ErrorTypeInvalid, "immutable"))
	return single(fn), nil
}

func (it immutableTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tnImmutable,
		StabilityLevel: TagStabilityLevelStable,
		Scopes:         sets.List(it.ValidScopes()),
		Description:    "Once set, the value can't be changed by an update.",
	}
}
