package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Condition is one observation of a widget.
type Condition struct {
	// Type of the condition.
	Type string `json:"type"`
	// Status of the condition: True, False or Unknown.
	// +optional
	Status string `json:"status,omitempty"`
}

// Inner is an object inside Settings.
type Inner struct {
	// C is a word.
	C string `json:"c"`
	// D is a flag.
	// +optional
	D bool `json:"d,omitempty"`
}

// Settings holds a number and an object.
type Settings struct {
	// A is a count.
	A int32 `json:"a"`
	// B is nested.
	B Inner `json:"b"`
}

// WidgetSpec is what a widget should be.
type WidgetSpec struct {
	// Settings default to an object holding an object.
	// +kubebuilder:default={a: 1, b: {c: "x", d: true}}
	// +kubebuilder:example={a:-2, b: {c: `raw "quoted"`}}
	// +optional
	Settings Settings `json:"settings,omitempty"`

	// Names default to a list of quoted strings.
	// +kubebuilder:default={"a","b"}
	// +kubebuilder:example=c;d;e
	// +optional
	Names []string `json:"names,omitempty"`

	// Labels default to a map with bare and quoted keys.
	// +kubebuilder:default:={app: web, "tier": `front end`}
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Extra defaults to an empty map.
	// +kubebuilder:default={}
	// +optional
	Extra map[string]string `json:"extra,omitempty"`

	// Offset has a negative default and a maximum given with :=.
	// +kubebuilder:default=-3
	// +kubebuilder:example=7
	// +kubebuilder:validation:Maximum:=10
	// +kubebuilder:validation:Minimum=-10
	// +optional
	Offset int32 `json:"offset,omitempty"`

	// Ratio is a decimal kept as a string.
	// +kubebuilder:default="0.5"
	// +kubebuilder:example="1.25"
	// +optional
	Ratio string `json:"ratio,omitempty"`

	// Mode is one of a few words, one with a comma in it.
	// +kubebuilder:validation:Enum=fast;slow;"fast, then slow"
	// +kubebuilder:default:=slow
	// +optional
	Mode string `json:"mode,omitempty"`

	// Matrix defaults to a list of lists.
	// +kubebuilder:default={{1,2},{3}}
	// +optional
	Matrix [][]int32 `json:"matrix,omitempty"`
}

// WidgetStatus is what a widget is.
type WidgetStatus struct {
	// Conditions default to a list of objects.
	// +kubebuilder:default={{type: "A", status: "Unknown"},{type: "B", status: "Unknown"}}
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []Condition `json:"conditions,omitempty"`
}

// Widget is the kind.
// +kubebuilder:object:root:=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:path=widgets,shortName={wd,wdg},categories=all;things
// +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=".spec.mode",description="fast, slow; or both"
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
	// Status defaults to an object holding a list of objects.
	// +kubebuilder:default={conditions: {{type: "A", status: "Unknown"},{type: "B", status: "Unknown"}}}
	// +optional
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is a list of widgets.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Scratch is copied by hand: the package generates DeepCopy, but not for
// this type.
// +kubebuilder:object:generate:=false
type Scratch struct {
	// Notes are kept as they are.
	Notes []string `json:"notes,omitempty"`
}
