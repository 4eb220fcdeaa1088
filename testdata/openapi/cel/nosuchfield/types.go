package nosuchfield

// Thing has no nonExistingField.
// +k8s:validation:cel[0]:rule="self.nonExistingField > 0"
// +k8s:validation:cel[0]:message="the rule failed"
type Thing struct {
	Size int32 `json:"size"`
}
