package markers

// Widget is a widget.
//
// want +1 `unknown marker \+k8s:deepcopy-gen:interface; did you mean \+k8s:deepcopy-gen:interfaces\?`
// +k8s:deepcopy-gen:interface=markers.Copier
type Widget struct {
	// want +1 `marker \+k8s:deepcopy-gen does not belong on a field; it goes on a package, type`
	// +k8s:deepcopy-gen=true
	Name string `json:"name"`
	// Size is the size.
	// +optional
	// want +1 `marker \+optional given again with the same value \(first at line 12\); the repeat has no effect`
	// +optional
	// want +1 `unknown marker \+lsitMapKey; did you mean \+listMapKey\?`
	// +lsitMapKey=name
	Sizes []int `json:"sizes,omitempty"`
}

// Copier copies.
type Copier interface{ Copy() Copier }
