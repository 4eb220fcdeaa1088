package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Thing is namespaced, with a status and extra methods.
//
// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale
// +genclient:method=CreateToken,verb=create,subresource=token,input=Token,result=Token
// +genclient:method=Touch,verb=patch
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              string `json:"spec,omitempty"`
	Status            string `json:"status,omitempty"`
}

type ThingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Thing `json:"items"`
}

// Cluster is cluster-scoped and read-only.
//
// +genclient
// +genclient:nonNamespaced
// +genclient:readonly
// +resourceName=clusterz
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type ClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cluster `json:"items"`
}

// Review can only be created.
//
// +genclient
// +genclient:nonNamespaced
// +genclient:onlyVerbs=create
type Review struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Allowed           bool `json:"allowed"`
}

// Hidden has a client without verbs.
//
// +genclient
// +genclient:noVerbs
type Hidden struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type Scale struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Replicas          int32 `json:"replicas"`
}

type Token struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Token             string `json:"token,omitempty"`
}

// Shallow copies will do for the test.

func (in *Thing) DeepCopyObject() runtime.Object       { out := *in; return &out }
func (in *ThingList) DeepCopyObject() runtime.Object   { out := *in; return &out }
func (in *Cluster) DeepCopyObject() runtime.Object     { out := *in; return &out }
func (in *ClusterList) DeepCopyObject() runtime.Object { out := *in; return &out }
func (in *Review) DeepCopyObject() runtime.Object      { out := *in; return &out }
func (in *Hidden) DeepCopyObject() runtime.Object      { out := *in; return &out }
func (in *Scale) DeepCopyObject() runtime.Object       { out := *in; return &out }
func (in *Token) DeepCopyObject() runtime.Object       { out := *in; return &out }
