// Package v1 holds the field shapes whose deep copies controller-gen's
// object generator spells in its own way: maps whose values are maps,
// slices or pointers, and instantiated generic types.
// +kubebuilder:object:generate=true
// +groupName=forms.example.com
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
)

// Labels is a named map.
type Labels map[string]string

// Forms holds one field of each shape.
type Forms struct {
	MapOfMaps     map[string]map[string]string
	MapOfSlices   map[string][]string
	MapOfPointers map[string]*string
	// A pointer to a type with a hand-written DeepCopy: controller-gen
	// calls it (kuberay's StateTransitionTimes).
	MapOfTimes  map[string]*metav1.Time
	MapOfNamed  map[types.NamespacedName]corev1.ResourceList
	MapOfLabels map[string]Labels
	Set         sets.Set[string]
	SetPointer  *sets.Set[int]
	MapOfSets   map[string]sets.Set[string]
	SliceOfSets []sets.Set[string]
	NestedSets  map[string]map[string]sets.Set[string]
	Volumes     Volumes
}

// Ref and Quantities are aliases, which controller-gen spells as declared.
type (
	Ref        = corev1.ObjectReference
	Quantities = corev1.ResourceList
)

// Aliased holds fields declared with aliases.
type Aliased struct {
	Refs      []Ref
	RefPtr    *Ref
	Ref       Ref
	QMap      map[string]Quantities
	Q         Quantities
	QPointers map[string]*Quantities
	// The same shapes without aliases.
	Direct     corev1.ObjectReference
	DirectPtrs map[string]*corev1.ResourceList
	LabelsPtr  *Labels
}

// Volumes is a named map of generic sets.
type Volumes map[string]sets.Set[string]
