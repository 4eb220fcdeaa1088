package lenient

// Empty's marker has no value: upstream reads it as absent, so the
// package's model package counts.
//
// +k8s:openapi-model-package=
type Empty struct{ A int }

// +k8s:openapi-model-package=io..example
type EmptyElement struct{ A int }

// +k8s:openapi-model-package=io.example.lenient // a trailing comment
type Trailing struct{ A int }
