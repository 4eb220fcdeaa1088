package hub

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is internal.
// +genclient
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	Size int64
}
