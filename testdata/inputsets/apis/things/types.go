package things

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Thing is the internal thing.
type Thing struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	Replicas int32
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ThingList is a list of internal things.
type ThingList struct {
	metav1.TypeMeta
	metav1.ListMeta

	Items []Thing
}
