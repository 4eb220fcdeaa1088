package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"

	"k8s.io/kube-openapi/pkg/common"

	"openapi.example/good/other"
)

// Widget is a top-level type.
//
// It has two paragraphs, an indented block:
//
//	widget: {}
//
// TODO: one-line TODOs are dropped.
// +k8s:openapi-gen=x-kubernetes-print-name:widget
// +k8s:validation:cel[0]:rule="self.spec.size <= 100 || self.spec.big"
// +k8s:validation:cel[0]:message="a widget over 100 must be big"
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// spec is what the widget should be.
	// +k8s:validation:cel[0]:rule="self.size >= 0"
	// +k8s:validation:cel[0]:messageExpression="'size must not be negative, is ' + string(self.size)"
	// +k8s:validation:cel[0]:reason="FieldValueInvalid"
	// +k8s:validation:cel[1]:rule>self.name == oldSelf.name ||
	// +k8s:validation:cel[1]:rule>  self.name == ''
	// +k8s:validation:cel[1]:message="name is immutable"
	// +k8s:validation:cel[1]:optionalOldSelf
	// +k8s:validation:cel[1]:fieldPath=".name"
	Spec WidgetSpec `json:"spec"`

	// status is what the widget is.
	// ---
	// Everything after the line above is not part of the description.
	// +optional
	Status *WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec holds every kind of field.
type WidgetSpec struct {
	// name is a string.
	// +k8s:validation:minLength=1
	// +k8s:validation:maxLength=63
	// +k8s:validation:pattern="^[a-z][-a-z0-9]*$"
	// +required
	Name string `json:"name"`

	// size is an integer with bounds.
	// +k8s:validation:minimum=0
	// +k8s:validation:maximum=1000
	// +k8s:validation:exclusiveMaximum
	// +k8s:validation:multipleOf=2
	// +optional
	// +default=10
	Size int32 `json:"size,omitempty"`

	// big is a boolean that is always serialized.
	Big bool `json:"big"`

	// ratio is a float.
	// +optional
	Ratio *float64 `json:"ratio,omitempty"`

	// count is an int64 sent as a JSON string.
	// +optional
	Count int64 `json:"count,string"`

	// data is bytes.
	// +optional
	Data []byte `json:"data,omitempty"`

	// labels is a map of strings.
	// +k8s:validation:maxProperties=10
	// +k8s:validation:additionalProperties:maxLength=20
	// +mapType=atomic
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// parts is a list of structs keyed by two fields.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=port
	// +patchMergeKey=name
	// +patchStrategy=merge,retainKeys
	// +k8s:validation:maxItems=16
	// +k8s:validation:items:cel[0]:rule="self.port > 0"
	// +k8s:validation:items:cel[0]:message="ports are positive"
	// +optional
	Parts []Part `json:"parts,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`

	// tags is a set of strings.
	// +listType=set
	// +k8s:validation:uniqueItems
	// +k8s:validation:items:maxLength=8
	// +optional
	Tags []string `json:"tags,omitempty"`

	// matrix is a list of lists.
	// +listType=atomic
	// +optional
	Matrix [][]int32 `json:"matrix,omitempty"`

	// groups maps names to lists.
	// +optional
	Groups map[string][]string `json:"groups,omitempty"`

	// byName maps names to parts.
	// +optional
	ByName map[string]Part `json:"byName,omitempty"`

	// phase is an enum.
	// +optional
	// +default="Pending"
	Phase Phase `json:"phase,omitempty"`

	// nextPhase points to an enum, defaulted from a constant.
	// +optional
	// +default=ref(PhaseRunning)
	NextPhase *Phase `json:"nextPhase,omitempty"`

	// phases lists enum values.
	// +listType=atomic
	// +optional
	Phases []Phase `json:"phases,omitempty"`

	// phaseByName maps to enum values.
	// +optional
	PhaseByName map[string]Phase `json:"phaseByName,omitempty"`

	// mode takes its default from its type's marker.
	// +optional
	Mode *Mode `json:"mode,omitempty"`

	// anything is an interface.
	// +optional
	Anything interface{} `json:"anything,omitempty"`

	// created is a time.
	// +optional
	Created metav1.Time `json:"created,omitempty"`

	// amount is a quantity.
	// +optional
	Amount *resource.Quantity `json:"amount,omitempty"`

	// port is an int or a string.
	// +optional
	Port intstr.IntOrString `json:"port,omitempty"`

	// raw is embedded JSON.
	// +optional
	Raw runtime.RawExtension `json:"raw,omitempty"`

	// limits have validations for the fields of the struct they refer to.
	// +k8s:validation:properties:max:minimum=1
	// +optional
	Limits *Limits `json:"limits,omitempty"`

	// shape is a union.
	// +optional
	Shape *Shape `json:"shape,omitempty"`

	// custom types define their schemas themselves.
	// +optional
	Custom Custom `json:"custom,omitempty"`

	// other comes from a package that names definitions by Go name.
	// +optional
	Other *other.Thing `json:"other,omitempty"`

	// hidden is left out of the schema.
	// +k8s:openapi-gen=false
	Hidden string `json:"hidden,omitempty"`

	// ignored is not serialized.
	Ignored string `json:"-"`

	// NoTag has no json tag.
	NoTag string

	// extended carries an extension.
	// +k8s:openapi-gen=x-kubernetes-member-tag:member_test
	// +optional
	Extended string `json:"extended,omitempty"`

	Inline         `json:",inline"`
	*PointerInline `json:",inline"`
}

// Part is an element of a map list.
// +structType=atomic
type Part struct {
	// name identifies the part.
	Name string `json:"name"`
	// port also identifies it.
	Port int32 `json:"port"`
	// weight is optional.
	// +optional
	Weight *int32 `json:"weight,omitempty"`
}

// Phase is where a widget is in its life.
// +enum
type Phase string

const (
	// PhasePending means the widget waits.
	PhasePending Phase = "Pending"
	// PhaseRunning means the widget
	// runs.
	PhaseRunning Phase = "Running"
	// The widget is done.
	PhaseDone Phase = "Done"
)

// Mode is a mode.
// +default="fast"
type Mode string

// Limits has a bounded field.
type Limits struct {
	// max is the upper limit.
	// +optional
	Max *int64 `json:"max,omitempty"`
}

// Shape is either a circle or a square.
// +union
type Shape struct {
	// kind says which.
	// +unionDiscriminator
	Kind string `json:"kind"`
	// circle is one.
	// +optional
	Circle *int32 `json:"circle,omitempty"`
	// square is the other.
	// +optional
	Square *int32 `json:"square,omitempty"`
}

// Inline is inlined into WidgetSpec.
type Inline struct {
	// inlined is a field of Inline.
	// +optional
	Inlined string `json:"inlined,omitempty"`

	// kind selects between the two members below.
	// +unionDiscriminator
	// +optional
	Kind string `json:"kind,omitempty"`
	// first is one member.
	// +unionDeprecated
	// +optional
	First *string `json:"first,omitempty"`
	// second is the other.
	// +unionDeprecated
	// +optional
	Second *string `json:"second,omitempty"`
}

// PointerInline is inlined through a pointer.
type PointerInline struct {
	// pointed is a field of PointerInline.
	// +k8s:validation:maxLength=5
	// +optional
	Pointed string `json:"pointed,omitempty"`
}

// WidgetStatus reports.
// +k8s:validation:minProperties=1
type WidgetStatus struct {
	// conditions are the usual conditions.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// observed has a bad name for its JSON.
	// +optional
	Observed_Generation int64 `json:"observed_generation,omitempty"`

	// Loud misspells omitempty.
	// +optional
	Loud string `json:"loud,omitEmpty"`

	// missing has no list type.
	// +optional
	Missing []string `json:"missing,omitempty"`
}

// WidgetList is a list of widgets, with its fields out of order.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	Items           []Widget `json:"items" protobuf:"bytes,1,rep,name=items"`
	metav1.ListMeta `json:"metadata,omitempty"`
}

// Hidden is not generated.
// +k8s:openapi-gen=false
type Hidden struct {
	Field string `json:"field"`
}

// private types get a schema function, but are not listed.
type private struct {
	Field string `json:"field"`
}

// Custom defines its schema by OpenAPISchemaType and OpenAPISchemaFormat.
type Custom struct {
	value string
}

func (Custom) OpenAPISchemaType() []string { return []string{"string"} }
func (Custom) OpenAPISchemaFormat() string { return "custom" }

// CustomV3 also has a v3 definition.
type CustomV3 struct{}

func (CustomV3) OpenAPISchemaType() []string                   { return []string{"string"} }
func (CustomV3) OpenAPISchemaFormat() string                   { return "" }
func (CustomV3) OpenAPIV3Definition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

// CustomOneOf has v3 one-of types.
// +k8s:validation:maxLength=10
type CustomOneOf struct{}

func (CustomOneOf) OpenAPISchemaType() []string   { return []string{"string"} }
func (CustomOneOf) OpenAPISchemaFormat() string   { return "" }
func (CustomOneOf) OpenAPIV3OneOfTypes() []string { return []string{"string", "number"} }

// Defined supplies its whole definition.
type Defined struct{}

func (Defined) OpenAPIDefinition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

// DefinedBoth supplies v2 and v3 definitions.
type DefinedBoth struct{}

func (DefinedBoth) OpenAPIDefinition() common.OpenAPIDefinition   { return common.OpenAPIDefinition{} }
func (DefinedBoth) OpenAPIV3Definition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

// DefinedV3 supplies only a v3 definition.
type DefinedV3 struct{}

func (DefinedV3) OpenAPIV3Definition() common.OpenAPIDefinition { return common.OpenAPIDefinition{} }

// Named has its own model name.
type Named struct {
	Field string `json:"field"`
}

func (Named) OpenAPIModelName() string { return "example.named.Named" }
