package bad

import "swaggerdoc.example/meta"

// Bad embeds a qualified type without a json name.
type Bad struct {
	// TypeMeta has no tag.
	meta.TypeMeta
}
