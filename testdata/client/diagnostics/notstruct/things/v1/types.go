package v1

// +genclient
type Names []string

type NamesList struct{}
