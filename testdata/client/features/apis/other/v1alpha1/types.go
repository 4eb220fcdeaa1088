package v1alpha1

type Token struct{}

// +genclient
// +genclient:nonNamespaced
type Widget struct{ Status string }

type WidgetList struct{ Items []Widget }
