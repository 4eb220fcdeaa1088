package v1beta1

// TypeMeta stands in for metav1.TypeMeta: API types embed it.
type TypeMeta struct{}

// +k8s:prerelease-lifecycle-gen:introduced=1.x
type Widget struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecycle-gen:deprecated=1.22.1
// +k8s:prerelease-lifecycle-gen:removed=v1.25
type Gadget struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20,replaced=yes
// +k8s:prerelease-lifecycle-gen:replacement=apps,V1,Gizmo
type Gizmo struct {
	TypeMeta
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecycle-gen:replacement=apps,v1
type Doohickey struct {
	TypeMeta
}
