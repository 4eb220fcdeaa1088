// Package v1 gives +genclient markers values they do not take.
package v1

type ObjectMeta struct {
	Name string `json:"name"`
}

// +genclient=false
type Widget struct {
	ObjectMeta `json:"metadata"`
}

// +genclient
// +genclient:onlyVerbs=list,frob
// +genclient:method=Scale
// +genclient:method=WatchScale,verb=watch,subresource=scale
type Gadget struct {
	ObjectMeta `json:"metadata"`
}

// +genclient
// +genclient:nonNamespaced=false
type Gizmo struct {
	ObjectMeta `json:"metadata"`
}

// +genclient
// +genclient:method=Frob,verb=frob
// +genclient:skipVerbs=
type Doohickey struct {
	ObjectMeta `json:"metadata"`
}
