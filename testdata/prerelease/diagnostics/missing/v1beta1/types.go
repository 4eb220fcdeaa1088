package v1beta1

// TypeMeta stands in for metav1.TypeMeta: API types embed it.
type TypeMeta struct{}

// Widget says nothing of its lifecycle.
type Widget struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
type Gadget struct {
	TypeMeta
}

// APILifecycleRemoved is written by hand, but returns one value.
func (in *Gadget) APILifecycleRemoved() int { return 0 }

// notAPI is neither exported nor needs markers.
type notAPI struct {
	TypeMeta
}

// Part embeds no TypeMeta, so it needs no markers.
type Part struct{}
