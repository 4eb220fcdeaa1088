package compat

// A rule is one kind of incompatible change, with the reason the API
// guides give for it. Rule ids are stable: exception files name them.
type rule struct {
	id     string
	reason string
}

// The rules, in the order docs/compat.md lists them. The reasons paraphrase
// the API-changes guide and the deprecation policy.
var rules = []rule{
	{"removed-field", "a request that set the field before the change must still succeed, and a client that reads it must still find it; fields leave an API only with a new version"},
	{"json-rename", "a rename removes the old JSON name: requests and stored objects that use it stop round-tripping"},
	{"removed-type", "a served type is part of the API version; it can be removed only with the version"},
	{"removed-kind", "a REST resource may be removed only by removing its API version (deprecation policy, rule 1)"},
	{"removed-version", "GA versions are never removed within a major release; beta versions only after a deprecation of 3 releases or 9 months (deprecation policy, rule 4a)"},
	{"type-changed", "changing a field's JSON type or shape makes existing requests and stored objects fail to decode"},
	{"new-required-field", "adding a required field breaks every client that does not know it: their requests stop succeeding"},
	{"optional-to-required", "which fields are required may not change: requests that omitted the field would fail"},
	{"default-added", "adding a default to an existing field changes what an omitted value means for existing clients and objects"},
	{"default-removed", "the semantics of a default may not change: objects written without the field would read differently"},
	{"default-changed", "the semantics of a default may not change: objects written without the field would read differently"},
	{"default-differs-across-versions", "a field defaulted in one version must be defaulted, to an equivalent value, in every version of the group, or round trips between versions lose information"},
	{"validation-tightened", "valid values may not become invalid: any request that succeeded before must still succeed"},
	{"validation-loosened", "spec validation may be neither loosened nor tightened: clients rely on the values they may be sent"},
	{"enum-value-removed", "a value that was valid may not become invalid"},
	{"enum-value-added", "a new enum value is not a compatible change for clients that assume they know every value of the field"},
	{"cel-rule-added", "a new validation rule on an existing field makes stored objects that break it impossible to update; use oldSelf to ratchet"},
	{"became-immutable", "a mutable field may not become immutable: updates that succeeded before would fail"},
	{"list-semantics-changed", "changing how lists, maps and structs merge changes what apply and strategic merge patch do to existing objects"},
	{"protobuf-number-changed", "a protobuf field number is part of the wire format: stored objects and clients use the old one"},
	{"protobuf-number-reused", "reusing the number of a removed field makes old data decode into the wrong field"},
	{"protobuf-no-tombstone", "a removed field's number must stay reserved with +k8s:deprecated=<name>,protobuf=<N>, or a later field may reuse it"},
	{"storage-version-new", "a version may become the storage version only after a release that serves both it and the previous one, so that a rollback can read etcd (deprecation policy, rule 4b)"},
}

func reasonOf(id string) string {
	for _, r := range rules {
		if r.id == id {
			return r.reason
		}
	}
	panic("compat: unknown rule " + id)
}
