package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	betav1 "acapis.example/beta/v1"
)

// Widget is namespaced, with a status subresource.
//
//	Indented lines lose their indentation.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is what is wanted.
	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
	// Status is what is.
	// +optional
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetList is not reachable from a client type, so it gets nothing.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// Mode is a named string.
// +enum
type Mode string

const (
	// ModeFast is fast.
	ModeFast Mode = "Fast"
	// ModeSlow is slow.
	ModeSlow Mode = "Slow"
)

// This block is detached from the type below: upstream still copies it.

// WidgetSpec has every kind of field.
type WidgetSpec struct {
	// Replicas is a pointer to a number.
	// +optional
	// +default=1
	Replicas *int32 `json:"replicas,omitempty"`
	// Size has no omitempty.
	Size int64 `json:"size"`
	// Mode is an enum.
	// +optional
	// +default="Fast"
	Mode Mode `json:"mode,omitempty"`
	// Labels is a map of strings.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Annotations is an atomic map.
	// +optional
	// +mapType=atomic
	Annotations map[string]string `json:"annotations,omitempty"`
	// Parts is a list of structs, keyed by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +patchMergeKey=name
	// +patchStrategy=merge
	Parts []Part `json:"parts,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// PartsByName is a map of structs.
	// +optional
	PartsByName map[string]Part `json:"partsByName,omitempty"`
	// Spare is a list of pointers to structs.
	// +optional
	// +listType=atomic
	Spare []*Part `json:"spare,omitempty"`
	// Tags is a set.
	// +optional
	// +listType=set
	Tags []string `json:"tags,omitempty"`
	// Matrix is a list of lists.
	// +optional
	Matrix [][]string `json:"matrix,omitempty"`
	// Raw is anything.
	// +optional
	Raw runtime.RawExtension `json:"raw,omitempty"`
	// Amount is a quantity.
	// +optional
	Amount resource.Quantity `json:"amount,omitempty"`
	// Limits maps names to quantities.
	// +optional
	Limits map[string]resource.Quantity `json:"limits,omitempty"`
	// Port is a number or a name.
	// +optional
	Port *intstr.IntOrString `json:"port,omitempty"`
	// Since is a time.
	// +optional
	Since metav1.Time `json:"since,omitempty"`
	// Timeout is a duration.
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
	// Data is bytes.
	// +optional
	Data []byte `json:"data,omitempty"`
	// Selector is meta/v1's, with an apply configuration in client-go.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Reference is atomic.
	// +optional
	Reference *Reference `json:"reference,omitempty"`
	// Template embeds structs.
	// +optional
	Template *Template `json:"template,omitempty"`
	// Options has a TypeMeta.
	// +optional
	Options *Options `json:"options,omitempty"`
	// Source is a union.
	// +optional
	Source *Source `json:"source,omitempty"`
	// Thing lives in a package that gets no apply configurations, and
	// --external-applyconfigurations names one for it.
	// +optional
	Thing *betav1.Thing `json:"thing,omitempty"`
	// Other lives there too, with no apply configuration anywhere.
	// +optional
	Other betav1.Other `json:"other,omitempty"`
	// Free is any JSON value.
	// +optional
	Free *runtime.Unknown `json:"free,omitempty"`
	// Secret is not in the schema.
	// +k8s:openapi-gen=false
	// +optional
	Secret string `json:"secret,omitempty"`

	Untagged string
	Ignored  string `json:"-"`
	// ZZZ_Legacy is on its way out.
	ZZZ_Legacy string `json:"zzzLegacy,omitempty"`
}

// Part is one part.
type Part struct {
	// Name is the key.
	Name string `json:"name"`
	// Weight is a number.
	// +optional
	Weight *float64 `json:"weight,omitempty"`
	// Enabled is a flag.
	// +optional
	Enabled bool `json:"enabled,omitempty"`
}

// Reference points at something.
// +structType=atomic
type Reference struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// Template embeds one struct by name and one inline, which both have a
// Name field: only the first gets a WithName.
type Template struct {
	// TemplateMeta is embedded under "meta".
	// +optional
	TemplateMeta `json:"meta,omitempty"`
	Common       `json:",inline"`
	// Image is required.
	Image string `json:"image"`
}

// TemplateMeta names a template.
type TemplateMeta struct {
	Name string `json:"name,omitempty"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// +optional
	Steps []Part `json:"steps,omitempty"`
}

// Common is inlined into Template.
type Common struct {
	Name string `json:"name,omitempty"`
	// +optional
	Args []string `json:"args,omitempty"`
}

// Options is not a client type but has a TypeMeta.
type Options struct {
	metav1.TypeMeta `json:",inline"`
	// DryRun is a list.
	// +optional
	DryRun []string `json:"dryRun,omitempty"`
}

// SourceType says which source is set.
type SourceType string

// Source is one of several.
// +union
type Source struct {
	// Type names the member that is set.
	// +unionDiscriminator
	Type SourceType `json:"type"`
	// File is a file.
	// +optional
	File *FileSource `json:"file,omitempty"`
	// URL is a location.
	// +optional
	URL *string `json:"url,omitempty"`
}

// FileSource is a file.
type FileSource struct {
	Path string `json:"path"`
}

// WidgetStatus is what is.
type WidgetStatus struct {
	// Conditions are keyed by type.
	// +optional
	// +listType=map
	// +listMapKey=type
	// +patchMergeKey=type
	// +patchStrategy=merge
	Conditions []metav1.Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	// ObservedGeneration is a number.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Gadget is cluster-scoped and has a Status field but no status
// subresource.
// +genclient
// +genclient:nonNamespaced
// +genclient:noStatus
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec `json:"spec"`
	Status string     `json:"status,omitempty"`
}

// GadgetSpec is a small spec.
type GadgetSpec struct {
	// Color is a word.
	Color string `json:"color"`
	// Items is a list of strings behind a pointer.
	// +optional
	Items *[]string `json:"items,omitempty"`
}

// Scalable has extra subresources through +genclient:method, and applies
// its scale subresource with a type of its own.
// +genclient
// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
// +genclient:method=ApplyResize,verb=apply,subresource=resize
type Scalable struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// Scale is reachable only as the input of an apply method.
type Scale struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Replicas int32 `json:"replicas"`
}

// Viewer is read-only: no apply, so it is no root, and nothing reaches it.
// +genclient
// +genclient:readonly
type Viewer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Seen bool `json:"seen"`
}

// Applier has only the verbs to get and apply.
// +genclient
// +genclient:onlyVerbs=get,apply
// +genclient:nonNamespaced
type Applier struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Target Reference `json:"target"`
}

// NoMeta asks for a client but has no ObjectMeta: it gets no apply
// configuration, though what it refers to does.
// +genclient
type NoMeta struct {
	metav1.TypeMeta `json:",inline"`

	Spec NoMetaSpec `json:"spec"`
}

// NoMetaSpec is reachable from NoMeta.
type NoMetaSpec struct {
	Note string `json:"note"`
}
