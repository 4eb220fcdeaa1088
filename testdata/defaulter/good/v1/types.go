package v1

import "defaults.example/good/shared"

type TypeMeta struct {
	Kind string
}

type Widget struct {
	TypeMeta
	Spec     WidgetSpec
	Status   *WidgetStatus
	Parts    []Part
	PartPtrs []*Part
	Labels   map[string]Label
	Byname   map[string]Part
	Shared   shared.Thing
	Children []Widget

	// +default=3
	Replicas *int32
	// +default="Auto"
	Mode Mode
	// +default=ref(DefaultMode)
	OtherMode *Mode
	// +default=ref(defaults.example/good/shared.DefaultValue)
	SharedValue string
	// +default=["a", "b"]
	Tags []string
	// +default={"name": "x"}
	Ref *Reference
	// +default={"a": {"name": "y"}}
	Refs map[string]Reference
	// +default=0
	Zero int
	// +default=true
	Enabled bool
	// +default=1.5
	Ratio *float64
}

type WidgetList struct {
	TypeMeta
	Items []Widget
}

type WidgetSpec struct {
	Size  int
	Inner Part
}

type WidgetStatus struct {
	Phase      string
	Conditions []Condition
}

type Condition struct {
	// +default="Unknown"
	Status string
}

type Part struct {
	Name string
}

type Mode string

const DefaultMode Mode = "Manual"

// +default="none"
type Label *string

type Reference struct {
	Name string `json:"name"`
}

// +k8s:defaulter-gen=true

// Standalone has no TypeMeta but opts in.
type Standalone struct {
	Part Part
}

// +k8s:defaulter-gen=false

// Skipped has TypeMeta but opts out.
type Skipped struct {
	TypeMeta
	Part Part
}

// Manual has a hand-written object defaulter.
type Manual struct {
	TypeMeta
	Part Part
}

// Plain has TypeMeta and nothing to default.
type Plain struct {
	TypeMeta
	Name string
}

// Holder holds types that get object defaulters of their own.
type Holder struct {
	TypeMeta
	Manual     Manual
	Standalone *Standalone
	Skipped    Skipped
}
