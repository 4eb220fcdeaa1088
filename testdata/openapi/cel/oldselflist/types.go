package oldselflist

// Item is an element of a list that is not a map list.
// +k8s:validation:cel[0]:rule="self.foo == oldSelf.foo"
// +k8s:validation:cel[0]:message="the rule failed"
type Item struct {
	Foo string `json:"foo"`
}

// Thing holds the list.
type Thing struct {
	// +listType=atomic
	Items []Item `json:"items"`
}
