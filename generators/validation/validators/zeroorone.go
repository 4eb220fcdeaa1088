package validators

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tagZeroOrOneOfMember = "k8s:zeroOrOneOfMember"

func init() {
	Register(func() TagValidator { return &zeroOrOneOfMemberTag{} })
}

// zeroOrOneOfMemberTag is +k8s:zeroOrOneOfMember: a union where setting no
// member is fine too. It has no discriminator.
type zeroOrOneOfMemberTag struct{ s *runShared }

func (v *zeroOrOneOfMemberTag) Init(cfg Config)            { v.s = cfg.shared }
func (*zeroOrOneOfMemberTag) TagName() string              { return tagZeroOrOneOfMember }
func (*zeroOrOneOfMemberTag) ValidScopes() sets.Set[Scope] { return sets.New(ScopeField, ScopeListVal) }

func (v *zeroOrOneOfMemberTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if err := addUnionMember(v.s.zeroOrOne, ctx, tag); err != nil {
		return Validations{}, err
	}
	return Validations{Deferred: []DeferredGen{Deferred(ParentContext, func() (Validations, error) {
		return unionChecks(v.s.zeroOrOne, ctx, unionFlavor{
			varPrefix: "zeroOrOneOfMembershipFor",
			tag:       tagZeroOrOneOfMember,
			plain:     rtFunc("ZeroOrOneOfUnion"),
			disc:      types.Name{},
			origin:    "zeroOrOneOf",
		})
	})}}, nil
}

func (v *zeroOrOneOfMemberTag) Docs() TagDoc {
	return TagDoc{
		Tag:            v.TagName(),
		StabilityLevel: TagStabilityLevelStable,
		Scopes:         sets.List(v.ValidScopes()),
		Description:    "Marks a field as one member of a union of which at most one member may be set.",
		Docs:           "Unlike +k8s:unionMember, leaving every member unset is valid.",
		Warning: "Use it on sets of list items only. On struct fields the rule could never grow: " +
			"an older client cannot tell an empty union from one whose set member it does not know.",
		Args: []TagArgDoc{unionNameArg, {
			Name:        "memberName",
			Description: "<string>",
			Docs:        "the name this member goes by",
			Default:     "the field's name",
			Type:        codetags.ArgTypeString,
		}},
	}
}
