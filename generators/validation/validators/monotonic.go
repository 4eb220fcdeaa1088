package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tnMonotonic = "k8s:monotonic"

func init() { Register(func() TagValidator { return monotonicTag{} }) }

// monotonicTag is +k8s:monotonic: an update may not lower an integer.
type monotonicTag struct{}

func (monotonicTag) Init(Config)                  {}
func (monotonicTag) TagName() string              { return tnMonotonic }
func (monotonicTag) ValidScopes() sets.Set[Scope] { return sets.New(ScopeType, ScopeField) }

func (monotonicTag) GetValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	if t := NonPointer(NativeType(ctx.Type)); !types.IsInteger(t) {
		return Validations{}, fmt.Errorf("must be an integer type (got %s)", typeTrail(ctx.Type, t))
	}
	return single(Function(tnMonotonic, DefaultFlags, stdFn("Monotonic"))), nil
}

func (m monotonicTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tnMonotonic,
		StabilityLevel: TagStabilityLevelAlpha,
		Scopes:         sets.List(m.ValidScopes()),
		Description:    "On update, the new value must be at least the old one.",
	}
}
