package unknownmarker

// Widget has markers that look like +k8s:openapi-model-package but are not.
//
// +k8s:openapi-model-package:name=Gizmo
// +k8s:openapi-modl-package=io.example.unknown
type Widget struct {
	A int
}

// Gadget has the marker on a field, where it means nothing.
type Gadget struct {
	// +k8s:openapi-model-package=io.example.unknown
	B int
}
