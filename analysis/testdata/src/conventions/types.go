package conventions

// Thing is a thing.
type Thing struct {
	Name string `json:"name"`
}
