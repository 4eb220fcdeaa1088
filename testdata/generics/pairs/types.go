package pairs

// Copier is satisfied by types that deep-copy themselves.
type Copier[T any] interface {
	DeepCopy() T
}

// Box holds values that copy themselves, in every shape a field can take.
type Box[T Copier[T]] struct {
	Value  T
	Ptr    *T
	List   []T
	ByName map[string]T
}

// Number allows only basic types, which assignment copies completely.
type Number interface {
	~int | ~int64 | ~float64
}

// Stats holds numbers.
type Stats[N Number] struct {
	Samples []N
	Peak    *N
	ByKey   map[string]N
}

// Pair has two type parameters.
type Pair[K Number, V Copier[V]] struct {
	Key   K
	Value V
}

// Item is an ordinary struct with a slice, so a shallow copy would share it.
type Item struct {
	Name string
	Tags []string
}

// Holder uses instances of the generic types.
type Holder struct {
	Items      Box[*Item]
	Counts     Stats[int]
	MaybeItems *Box[*Item]
	Pairs      []Pair[int64, *Item]
}
