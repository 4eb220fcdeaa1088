package msgexpr

// Thing has a message expression that is not a string.
// +k8s:validation:cel[0]:rule="self.x <= self.maxLimit"
// +k8s:validation:cel[0]:messageExpression="self.maxLimit"
type Thing struct {
	X        int64 `json:"x"`
	MaxLimit int64 `json:"maxLimit"`
}
