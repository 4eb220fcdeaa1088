package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Ship is a vessel of the fleet. Its manifest is kept by hand in
// config/crd-base; schemapatch puts this schema into it.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// ShipSpec is what a ship should be.
// +kubebuilder:validation:XValidation:rule="self.crew <= 100",message="a ship takes at most 100 crew"
type ShipSpec struct {
	// Name of the ship, as painted on the hull. It is at most 63 characters
	// long: lower-case letters only, no spaces. Names repeat across fleets.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Name string `json:"name"`

	// Crew: how many sail her (# of people).
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:default=3
	// +optional
	Crew int32 `json:"crew,omitempty"`

	// Class of the ship; "true" and "1.5" are classes too.
	// +kubebuilder:validation:Enum=Sloop;Brig;"true";"1.5";"yes"
	// +optional
	Class string `json:"class,omitempty"`

	// Flags flown, by port.
	// +optional
	Flags map[string]string `json:"flags,omitempty"`

	// Holds of cargo, keyed by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Holds []Hold `json:"holds,omitempty"`

	// Tonnage of the ship.
	// +optional
	Tonnage *resource.Quantity `json:"tonnage,omitempty"`

	// Draft in metres or as a percentage.
	// +optional
	Draft *intstr.IntOrString `json:"draft,omitempty"`

	// Lifeboat is the template of the ship's lifeboats.
	// +optional
	Lifeboat LifeboatTemplate `json:"lifeboat,omitempty"`

	// Rig describes the sails.
	// +kubebuilder:default={masts: 2, square: true}
	// +optional
	Rig Rig `json:"rig,omitempty"`
}

// Hold is one cargo hold.
type Hold struct {
	// Name keys the holds.
	Name string `json:"name"`
	// Capacity in barrels.
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:Maximum=1000
	Capacity int64 `json:"capacity,omitempty"`
}

// LifeboatTemplate embeds object metadata, whose schema
// generateEmbeddedObjectMeta=true writes out.
type LifeboatTemplate struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Seats in each lifeboat.
	Seats int32 `json:"seats,omitempty"`
}

// Rig is a ship's rigging.
type Rig struct {
	Masts  int32 `json:"masts,omitempty"`
	Square bool  `json:"square,omitempty"`
}

// ShipStatus is what a ship is.
type ShipStatus struct {
	// Conditions of the ship.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// Launched is when the ship was launched.
	// +optional
	Launched *metav1.Time `json:"launched,omitempty"`
}

// ShipList is a list of ships.
// +kubebuilder:object:root=true
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}

// Dock is where ships berth.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Dock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DockSpec `json:"spec,omitempty"`
}

// DockSpec is a dock's layout.
type DockSpec struct {
	// Berths at the dock.
	// +kubebuilder:validation:Maximum=20
	Berths int32 `json:"berths"`

	Location `json:",inline"`
}

// Location is where a dock is.
type Location struct {
	// Latitude in degrees.
	Latitude string `json:"latitude,omitempty"`
	// Longitude in degrees.
	Longitude string `json:"longitude,omitempty"`
}

// DockList is a list of docks.
// +kubebuilder:object:root=true
type DockList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Dock `json:"items"`
}
