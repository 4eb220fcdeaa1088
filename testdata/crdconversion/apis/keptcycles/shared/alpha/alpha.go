// Package alpha holds a type hub v2 shares with other hubs, named as a
// type of v2 is.
package alpha

// Extra is what v1's beta.Extra converts to, with a field it lacks.
type Extra struct {
	Name string `json:"name"`
	// Note is not in beta.Extra.
	Note string `json:"note,omitempty"`
}
