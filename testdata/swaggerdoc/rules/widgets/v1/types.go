/*
Copyright The Kubernetes Authors.
*/

package v1

import "swaggerdoc.example/meta"

// +genclient

// Widget is declared after the types it uses, but its map comes last:
// maps are sorted by type name. It has "quotes", \"escaped quotes\" and a
// tab	inside a line.   
//
//
// After two blank lines: a new paragraph.
//    Indented by spaces: a line of its own.
//	Indented by a tab: a line of its own too.
// Back to running text.
// TODO: this one-line TODO is dropped.
//   TODO: so is this one, after spaces.
//	TODO: but not this one, after a tab.
// Not a TODO at the start: TODO kept.
// +k8s:marker=dropped
//   +also dropped after spaces
// Text before the cut --- text after it is dropped.
// Everything below is dropped too.
type Widget struct {
	meta.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	meta.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec WidgetSpec `json:"spec"`

	// Status is the observed state. ---
	Status WidgetStatus `json:"status,omitempty"`

	// Internal is never serialised: left out.
	Internal string `json:"-"`

	// hidden is unexported: left out.
	hidden string

	// NoTag has no struct tag: keyed by its Go name.
	NoTag int

	// ProtoOnly has a tag without a json key: keyed by its Go name.
	ProtoOnly int `protobuf:"varint,1,opt,name=protoOnly"`

	// EmptyName has an empty json name: keyed by its Go name.
	EmptyName int `json:",omitempty"`

	// Two names share this comment; the first names the key.
	First, Second string

	// The first name is unexported, so the second names the key.
	third, Fourth string

	// Dash has a json name of "-,", which is still cut to "-".
	Dash string `json:"-,"`

	Trailing string `json:"trailing"` // a line comment is no field's doc
	AfterTrailing string `json:"afterTrailing"`

	/* Block is documented
	   with a block comment. */
	Block string `json:"block"`

	// Unicode: ünïcödé — “curly” quotes.
	Unicode string `json:"unicode"`

	// Raw tag in a raw string literal.
	Raw string `json:"raw" protobuf:"bytes,2,opt,name=raw"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	meta.TypeMeta `json:",inline"`
	// +optional
	meta.ListMeta `json:"metadata,omitempty"`

	// Items are the widgets.
	Items []Widget `json:"items"`
}

// WidgetSpec is embedded without a tag in Gadget.
type WidgetSpec struct {
	// Size is the size.
	Size int `json:"size"`
}

type WidgetStatus struct {
	// Ready tells whether the widget is ready; the type has no doc.
	Ready bool `json:"ready"`
	Phase string `json:"phase"`
}

// Gadget embeds a local type without a tag, and a pointer with a name.
type Gadget struct {
	// WidgetSpec is keyed by its type's name.
	WidgetSpec
	// Status has a json name.
	*WidgetStatus `json:"status"`
	// Empty has a json tag with no name: left out, as inline.
	meta.ListMeta `json:""`
}

type Undocumented struct {
	Nothing string `json:"nothing"`
}

// +k8s:deepcopy-gen=true
// TODO: a doc made of dropped lines only.
type EmptyDocs struct {
	// +optional
	Field string `json:"field"`
}

// Comment separated by a blank line is no doc.

type Detached struct {
	// Field is documented.
	Field string `json:"field"`
}

// A block of types: this doc serves the specs without their own.
type (
	// Own has its own doc.
	Own struct{}

	Shared struct {
		// X is documented.
		X int `json:"x"`
	}

	// NotAStruct is a string, not a struct: no map.
	NotAStruct string

	unexported struct {
		// Y is documented.
		Y int `json:"y"`
	}
)

// ABC sorts before Alpha: maps go in byte order of the names.
type ABC struct{}

// Alpha sorts after ABC.
type Alpha struct{}

// Named is a defined type over another struct: no map.
type Named Alpha

func (Widget) method() {}
