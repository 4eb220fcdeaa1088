package v1

// +genclient
type Widget struct{}

type WidgetList struct{}
