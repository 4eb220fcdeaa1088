package other

// Thing is generated.
// +k8s:openapi-gen=true
type Thing struct {
	// value has a default.
	// +optional
	// +default="thing"
	Value string `json:"value,omitempty"`

	// Sub is a struct from this package.
	Sub Sub `json:"sub"`
}

// Sub is not marked, so it has no definition.
type Sub struct {
	A string `json:"a"`
}
