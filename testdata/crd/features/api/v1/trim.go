package v1

// Finish is a surface finish. Its string constants are its values.
// +k8s:enum
type Finish string

const (
	// Matte has no shine.
	Matte Finish = "Matte"
	// Gloss shines.
	Gloss Finish = "Gloss"
	// Brushed has lines.
	Brushed Finish = "Brushed"
	// notAFinish is untyped, and no value.
	notAFinish = "Satin"
)

// Layer is one coat of paint.
type Layer struct {
	// Name keys the list of layers.
	// +k8s:required
	Name string `json:"name"`
	// Microns thick.
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=500 # thicker coats crack
	Microns int32 `json:"microns,omitempty"`
}

// Codes are short codes, kept as a set.
// +k8s:listType=set
type Codes []string

// Trim is the finish of a gadget, described with +k8s: markers.
type Trim struct {
	// Finish of the surface.
	// +k8s:required
	Finish Finish `json:"finish"`

	// Serial is fixed at creation.
	// +k8s:required
	// +k8s:immutable
	Serial string `json:"serial"`

	// Batch may be set once, and then not changed.
	// +k8s:optional
	// +k8s:immutable
	Batch string `json:"batch,omitempty"`

	// Owner may be set once.
	// +k8s:optional
	// +k8s:immutable
	Owner *Owner `json:"owner,omitempty"`

	// Layers of paint, keyed by name.
	// +k8s:required
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=8
	Layers []Layer `json:"layers"`

	// Tags must hold at least one key.
	// +k8s:required
	Tags map[string]string `json:"tags"`

	// Codes of the trim.
	// +k8s:optional
	// +k8s:maxItems=4 #  at most four
	Codes Codes `json:"codes,omitempty"`

	// Part must name at least one field.
	// +k8s:required
	Part Owner `json:"part"`
}

// Owner names who set a trim.
type Owner struct {
	// +optional
	Name string `json:"name,omitempty"`
}
