package api

import "example.com/dep"

// Holder holds a dependency's type.
type Holder struct {
	Thing dep.Thing
	Count int
}
