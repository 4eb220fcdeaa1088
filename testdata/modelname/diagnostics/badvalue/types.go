package badvalue

// +k8s:openapi-model-package=io.example "quoted"
type Quoted struct {
	A int
}

// +k8s:openapi-model-package=io..example
type EmptyElement struct {
	A int
}

// +k8s:openapi-model-package=io.example.badvalue // a trailing comment
type Trailing struct {
	A int
}

// +k8s:openapi-model-package=io.example.one
// +k8s:openapi-model-package=io.example.two
type Twice struct {
	A int
}

// +k8s:openapi-model-package=io.example.badvalue
type Name string

// +k8s:openapi-model-package=io.example.badvalue
type hidden struct {
	A int
}

// Fine is the one type that would get a method.
//
// +k8s:openapi-model-package=io.example.badvalue
type Fine struct {
	A int
}
