package v1

// Base is embedded by Bad.
type Base struct{}

// Bad embeds a pointer without a json name.
type Bad struct {
	// Base has no tag.
	*Base
}
