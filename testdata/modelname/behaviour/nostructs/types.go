package nostructs

// Name is not a struct.
type Name string

// Other is not a struct either, so its own model package has no effect.
//
// +k8s:openapi-model-package=com.example.other
type Other string
