package badjson

type TypeMeta struct{}

type Thing struct {
	TypeMeta
	// +default={"name": "x"
	Ref *Reference
	// +default=yes
	Word *string
}

type Reference struct {
	Name string `json:"name"`
}
