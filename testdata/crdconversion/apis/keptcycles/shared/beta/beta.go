// Package beta holds a type spoke v1 shares with other spokes.
package beta

// Extra converts to alpha.Extra, which has a Note.
type Extra struct {
	Name string `json:"name"`
}
