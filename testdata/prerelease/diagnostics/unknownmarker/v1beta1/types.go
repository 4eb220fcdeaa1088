package v1beta1

// TypeMeta stands in for metav1.TypeMeta: API types embed it.
type TypeMeta struct{}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecycle-gen:deprecate=1.22
type Widget struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecyle-gen:removed=1.30
type Gadget struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen=true
// +k8s:prerelease-lifecycle-gen:introduced=1.20
type Gizmo struct {
	TypeMeta
}
