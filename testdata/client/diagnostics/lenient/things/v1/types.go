package v1

// Values client-gen reads all the same: it passes over verbs it does not
// know, and a presence marker is on whatever its value.

// +genclient
// +genclient:onlyVerbs=create,,frobnicate
type Thing struct{}

// +genclient
// +genclient:nonNamespaced=false
// +genclient:skipVerbs=get,frobnicate
type Gadget struct{}

// GadgetList is a list of Gadgets.
type GadgetList struct{}

// +genclient
// +genclient:readonly=false
// +genclient:noStatus=yes
type Widget struct {
	Status string
}

// WidgetList is a list of Widgets.
type WidgetList struct{}
