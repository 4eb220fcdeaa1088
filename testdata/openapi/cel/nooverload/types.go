package nooverload

// Thing compares an integer with a bool.
type Thing struct {
	// +k8s:validation:cel[0]:rule="self == true"
	// +k8s:validation:cel[0]:message="the rule failed"
	Size int32 `json:"size"`
}
