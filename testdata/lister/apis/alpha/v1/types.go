package v1

import "apis.example/meta"

// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale

// Widget has a hand-written lister expansion.
type Widget struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// +genclient

// Gadget is cluster-scoped and served under another resource name.
// +genclient:nonNamespaced
// +resourceName=gadgetz
type Gadget struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Viewer can only be read.
// +genclient
// +genclient:readonly
type Viewer struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Maker cannot be listed: no lister, no informer.
// +genclient
// +genclient:onlyVerbs=create,get
type Maker struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Hidden cannot be watched: a lister, but no informer.
// +genclient
// +genclient:skipVerbs=watch,deleteCollection
type Hidden struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Silent has no verbs: a lister, but no informer.
// +genclient
// +genclient:noVerbs
type Silent struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Endpoints is its own plural, by --plural-exceptions.
// +genclient
type Endpoints struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Policy has a plural the rules know.
// +genclient
type Policy struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Scale asks for nothing.
type Scale struct {
	meta.TypeMeta `json:",inline"`
	Replicas      int32 `json:"replicas"`
}
