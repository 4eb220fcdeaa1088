package shapes

// Alias is an alias of a struct literal: it gets a map.
type Alias = struct {
	// Z is documented.
	Z int `json:"z"`
}

// Box is generic.
type Box[T any] struct {
	// Value is documented.
	Value T `json:"value"`
}

// Pair has a generic embedded field with a json name.
type Pair struct {
	// Box has a name.
	Box[int] `json:"box"`
}

// Empty has no fields.
type Empty struct{}

type NoDocs struct {
	A int
	b int
}
