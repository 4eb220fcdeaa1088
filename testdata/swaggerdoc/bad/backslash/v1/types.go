package v1

// Pattern is matched as a regular expression.
type Pattern struct {
	// Expr is like ^\d+$.
	Expr string `json:"expr"`
}
