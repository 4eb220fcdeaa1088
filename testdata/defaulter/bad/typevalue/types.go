package typevalue

type TypeMeta struct{}

func (*TypeMeta) GetObjectKind() {}

// Object is an object, and holds a Thing.
type Object struct {
	TypeMeta
	Thing Thing
}

func (*Object) DeepCopyObject() {}

// +k8s:defaulter-gen=maybe

// Thing's value is neither true nor false: upstream passes over it, and
// the package's field names decide (Thing has no TypeMeta).
type Thing struct {
	// +default=1
	Count *int32
}

// SetDefaults_Thing has a value upstream reads as not covering: Count is
// defaulted after it is called.
// +k8s:defaulter-gen=maybe
func SetDefaults_Thing(obj *Thing) {}
