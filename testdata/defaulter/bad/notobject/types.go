package notobject

type TypeMeta struct{}

// Object has a TypeMeta field, so it gets an object defaulter, which
// RegisterDefaults registers as a runtime.Object: it is none, and the
// generated code does not compile. Upstream writes it all the same.
type Object struct {
	TypeMeta
	// +default="x"
	Name *string
}
