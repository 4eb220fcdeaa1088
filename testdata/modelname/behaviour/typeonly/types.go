package typeonly

// Plain has no model package.
type Plain struct{ A int }

// Chosen has its own.
//
// +k8s:openapi-model-package=com.example.typeonly
type Chosen struct {
	B int
}
