package hasself

// Thing misuses has().
// +k8s:validation:cel[0]:rule="has(self)"
// +k8s:validation:cel[0]:message="the rule failed"
type Thing struct {
	Size int32 `json:"size"`
}
