package unionmember

// Color is a union member, but a type is not in any union.
// +k8s:unionMember
type Color string

type Widget struct {
	// +k8s:optional
	Color *Color `json:"color,omitempty"`
}
