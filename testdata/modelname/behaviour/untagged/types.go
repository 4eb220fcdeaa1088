package untagged

// Plain has no model package.
type Plain struct{ A int }
