package alpha

import "apis.example/meta"

// Widget is internal: its ObjectMeta has no json tag.
// +genclient
type Widget struct {
	meta.TypeMeta
	meta.ObjectMeta
}

// +genclient
// +genclient:nonNamespaced
type Gadget struct {
	meta.TypeMeta
	meta.ObjectMeta
}
