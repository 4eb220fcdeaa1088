package validators

const tagZeroOrOneOfMember = "k8s:zeroOrOneOfMember"

// zeroOrOneMembers is +k8s:zeroOrOneOfMember: a union where setting no
// member is fine too. It has no discriminator.
var zeroOrOneMembers = unionFlavor{
	varPrefix: "zeroOrOneOfMembershipFor",
	tag:       tagZeroOrOneOfMember,
	plain:     stdFn("ZeroOrOneOfUnion"),
	origin:    "zeroOrOneOf",
	doc: TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Marks a field as one member of a union of which at most one member may be set.",
		Docs:           "Unlike +k8s:unionMember, leaving every member unset is valid.",
		Warning: "Use it on sets of list items only. On struct fields the rule could never grow: " +
			"an older client cannot tell an empty union from one whose set member it does not know.",
		Args: []TagArgDoc{unionNameArg, memberNameArg("the name this member goes by")},
	},
}
