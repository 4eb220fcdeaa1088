package typedoc

type TypeMeta struct{}

type Object struct {
	TypeMeta
}

// Thing opts in, but in its doc comment, where upstream never looks: it
// gets no SetObjectDefaults_Thing, although it has a default.
// +k8s:defaulter-gen=true
type Thing struct {
	// +default="x"
	Name *string
}
