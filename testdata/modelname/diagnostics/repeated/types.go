package repeated

// +k8s:openapi-model-package=io.example.own
// +k8s:openapi-model-package=io.example.other
type Own struct{ A int }

// Plain takes the package's.
type Plain struct{ A int }
