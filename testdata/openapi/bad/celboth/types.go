package celboth

// Pool has a rule with two messages.
// +k8s:validation:cel[0]:rule="self.size <= 10"
// +k8s:validation:cel[0]:message="at most 10"
// +k8s:validation:cel[0]:messageExpression="'at most 10, not ' + string(self.size)"
type Pool struct {
	// size of the pool.
	// +optional
	Size int32 `json:"size,omitempty"`
}
