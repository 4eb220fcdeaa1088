package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Ship is a vessel of the fleet, in version v2: crew becomes a list of
// sailors.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// ShipSpec is what a ship should be.
type ShipSpec struct {
	// Name of the ship.
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`

	// Sailors aboard, in order of rank.
	// +kubebuilder:validation:MaxItems=100
	// +optional
	Sailors []Sailor `json:"sailors,omitempty"`
}

// Sailor is one member of the crew.
type Sailor struct {
	// Name of the sailor.
	Name string `json:"name"`
	// Rank, from the top.
	// +kubebuilder:validation:Enum=Captain;Mate;Deckhand
	Rank string `json:"rank"`
}

// ShipStatus is what a ship is.
type ShipStatus struct {
	// Afloat says whether the ship floats.
	// +optional
	Afloat bool `json:"afloat,omitempty"`
}

// ShipList is a list of ships.
// +kubebuilder:object:root=true
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}
