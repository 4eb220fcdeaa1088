package other

// Meta names things.
type Meta struct {
	Name string `json:"name"`
}
