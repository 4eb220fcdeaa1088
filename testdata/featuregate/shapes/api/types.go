package api

import "shapes.example/other"

// Root reaches gated fields in every way a value can hold another.
type Root struct {
	// Both needs two gates, given on two lines.
	// +featureGate=GateA
	// +featureGate=GateB
	// +optional
	Both *string `json:"both,omitempty"`
	// Label is a scalar cleared to "" (omitempty leaves it out).
	// +k8s:featureGate=GateA
	// +optional
	Label string `json:"label,omitempty"`

	Items     []Item            `json:"items,omitempty"`
	ByName    map[string]Item   `json:"byName,omitempty"`
	PtrByKey  map[string]*Item  `json:"ptrByKey,omitempty"`
	Pair      [2]Item           `json:"pair"`
	Nested    [][]Item          `json:"nested,omitempty"`
	PtrList   *[]Item           `json:"ptrList,omitempty"`
	Tree      *Node             `json:"tree,omitempty"`
	Limits    *other.Limits     `json:"limits,omitempty"`
	Modes     []other.Mode      `json:"modes,omitempty"`
	Untouched map[string]string `json:"untouched,omitempty"`
}

// Item is a list element with a gated field.
type Item struct {
	Name string `json:"name"`
	// +featureGate=GateC
	// +optional
	Extra []string `json:"extra,omitempty"`
}

// Node is recursive.
type Node struct {
	// +featureGate=GateD
	// +optional
	Weight   *int32 `json:"weight,omitempty"`
	Children []Node `json:"children,omitempty"`
}

// Plain reaches nothing gated and gets no helper.
type Plain struct {
	Name string `json:"name"`
}
