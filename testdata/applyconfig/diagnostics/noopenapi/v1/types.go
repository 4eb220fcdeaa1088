package v1

// Covered is marked for openapi-gen.
// +genclient
// +k8s:openapi-gen=true
type Covered struct {
	Name string `json:"name"`
}

// Uncovered is not.
// +genclient
type Uncovered struct {
	Name string `json:"name"`
}
