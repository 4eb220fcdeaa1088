package cel

// Thing compares an integer with a bool.
type Thing struct {
	// want +1 `CEL rule "self == true": compilation failed: ERROR: <input>:1:6: found no matching overload for '_==_' applied to '\(int, bool\)'`
	// +k8s:validation:cel[0]:rule="self == true"
	// +k8s:validation:cel[0]:message="the rule failed"
	Size int32 `json:"size"`
}
