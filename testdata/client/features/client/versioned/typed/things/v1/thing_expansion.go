package v1

// ThingExpansion is written by hand: client-gen must not declare it in
// generated_expansion.go.
type ThingExpansion interface{}
