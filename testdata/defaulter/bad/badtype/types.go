package badtype

type TypeMeta struct{}

type Thing struct {
	TypeMeta
	// +default="three"
	Replicas *int32
	// +default={"a": 1}
	Tags []string
	// +default=1.5
	Count int32
	// +default={"nmae": "x"}
	Ref *Reference
	// +default={"name": "x"}
	Inline Reference
	// +default=ref(DefaultTags)
	MoreTags []string
	// +default=[1, "two"]
	Numbers []int
}

type Reference struct {
	Name string `json:"name"`
}

var DefaultTags = []string{"a"}

// +default=5
type Name string
