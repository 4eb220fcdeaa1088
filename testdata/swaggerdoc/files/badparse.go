package bad

// Broken does not parse.
type Broken struct {
	Field string `json:"field"`
	Other int int
}
