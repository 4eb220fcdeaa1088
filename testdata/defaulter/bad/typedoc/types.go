package typedoc

type TypeMeta struct{}

type Object struct {
	TypeMeta
}

// Thing opts in, but in its doc comment, where upstream never looks.
// +k8s:defaulter-gen=true
type Thing struct{}
