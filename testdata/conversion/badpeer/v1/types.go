package v1

// Thing is a versioned type.
type Thing struct {
	Name string
}
