package tags

// Widget has a field of every kind.
type Widget struct {
	// Meta is embedded under a JSON name.
	Meta `json:"metadata,omitempty"`

	Name  string  `json:"name"`
	Count int64   // no tags at all
	Ratio float64 `json:"ratio,omitempty"`
	Small float32 `json:"small"`
	Bulk  uint64  `json:"bulk"`
	Big   int64   `json:"big"`

	// Replicas is optional.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	Enabled  bool   `json:"enabled" yaml:"enabled"`

	Labels      map[string]string     `json:"labels,omitempty"`
	Limits      ResourceList          `json:"limits,omitempty"`
	Annotations map[string]Phase      `json:"annotations,omitempty"`
	Extra       map[string]ExtraValue `json:"extra,omitempty"`

	Phase   Phase    `json:"phase"`
	Timeout Duration `json:"timeout"`
	Tags    []string `json:"tags"`
	Phases  []Phase  `json:"phases"`
	Data    []byte   `json:"data"`
	Items   []Item   `json:"items"`
	Ref     *Item    `json:"ref,omitempty"` // a trailing comment
	Values  ExtraValue

	SnakeCase string `json:"snake_case"`
	Kept      string `json:"kept" protobuf:"bytes,40,opt,name=kept"`
	Skipped   string `json:"-"`
	private   string
}

// Meta is embedded.
type Meta struct {
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	UID  string `json:"uid"`
}

// Item is a message of its own.
type Item struct {
	Key   string `json:"key" protobuf:"bytes,1,opt,name=key"`
	Value string `json:"value" protobuf:"bytes,3,opt,name=value"`
	Note  string `json:"note"`
}

// Phase is a string.
type Phase string

// Duration is a number.
type Duration int64

// ResourceName names a resource.
type ResourceName string

// Quantity is an amount.
type Quantity struct {
	Amount string `json:"amount" protobuf:"bytes,1,opt,name=amount"`
}

// ResourceList maps resources to amounts.
type ResourceList map[ResourceName]Quantity

// ExtraValue is nil or not on the wire.
// +protobuf.nullable=true
// +protobuf.options.(gogoproto.goproto_stringer)=false
type ExtraValue []string
