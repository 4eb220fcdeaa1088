package internal

type ObjectMeta struct {
	Name string
}

// +genclient
type Widget struct {
	ObjectMeta
}
