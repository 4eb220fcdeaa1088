package v1

type Inner struct {
	// +k8s:optional
	// +k8s:maxLength=5
	Name string `json:"name"`
}

type Widget struct {
	// A validated scalar must say whether it is optional.
	// +k8s:maxLength=10
	Name string `json:"name"`

	// So must a pointer whose type validates something.
	Inner *Inner `json:"inner,omitempty"`

	// A struct that is not a pointer need not.
	Plain Inner `json:"plain"`

	// Nor a field whose type is opaque.
	// +k8s:opaqueType
	Skipped *Inner `json:"skipped,omitempty"`

	// The alpha prefix stands first.
	// +k8s:optional
	// +k8s:eachVal=+k8s:alpha=+k8s:minimum=1
	Counts []int `json:"counts"`

	// An alpha tag is not stable.
	// +k8s:optional
	// +k8s:neq="x"
	Mode string `json:"mode"`

	// Nor beta.
	// +k8s:optional
	// +k8s:beta=+k8s:neq="y"
	Other string `json:"other"`

	// Inside the alpha prefix it may stand.
	// +k8s:optional
	// +k8s:alpha=+k8s:neq="z"
	Fine string `json:"fine"`
}

// Quiet breaks the rules, but opts out.
// +k8s:validation-gen-nolint
type Quiet struct {
	// +k8s:maxLength=10
	Name string `json:"name"`
}
