package valid

// Scale has replicas bounded by two other fields.
// +k8s:validation:cel[0]:rule="self.minReplicas <= self.replicas && self.replicas <= self.maxReplicas"
// +k8s:validation:cel[0]:message="the rule failed"
type Scale struct {
	MinReplicas int32 `json:"minReplicas"`
	Replicas    int32 `json:"replicas"`
	MaxReplicas int32 `json:"maxReplicas"`
}

// Counts has a map of string to integer.
// +k8s:validation:cel[0]:rule="'Available' in self.stateCounts"
// +k8s:validation:cel[0]:message="the rule failed"
type Counts struct {
	StateCounts map[string]int32 `json:"stateCounts"`
}

// Health is checked by prefix.
// +k8s:validation:cel[0]:rule="self.health.startsWith('ok')"
// +k8s:validation:cel[0]:message="the rule failed"
type Health struct {
	// +k8s:validation:maxLength=64
	Health string `json:"health"`
}

// Named has an immutable field.
// +k8s:validation:cel[0]:rule="self.foo == oldSelf.foo"
// +k8s:validation:cel[0]:message="the rule failed"
type Named struct {
	Foo string `json:"foo"`
}

// Limited has a message expression.
// +k8s:validation:cel[0]:rule="self.x <= self.maxLimit"
// +k8s:validation:cel[0]:messageExpression="'x exceeded max limit of %d'.format([self.maxLimit])"
type Limited struct {
	X        int64 `json:"x"`
	MaxLimit int64 `json:"maxLimit"`
}

// Bounded is the cost case with limits: within the budget.
type Bounded struct {
	// +k8s:validation:cel[0]:rule="self.all(x, x.contains('a string'))"
	// +k8s:validation:cel[0]:message="the rule failed"
	// +k8s:validation:maxItems=25
	// +k8s:validation:items:maxLength=10
	Names []string `json:"names"`
}
