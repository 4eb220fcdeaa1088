package v1

// Markers given twice with different values: client-gen reads the first.

// +genclient
// +genclient:onlyVerbs=get,list
// +genclient:onlyVerbs=create
type Thing struct{}

// +genclient
// +genclient:skipVerbs=watch
// +genclient:skipVerbs=get
type Gadget struct{}

// GadgetList is a list of Gadgets.
type GadgetList struct{}
