package v1

// WidgetListerExpansion is written by hand.
type WidgetListerExpansion interface {
	Shiny() bool
}

// WidgetNamespaceListerExpansion is written by hand.
type WidgetNamespaceListerExpansion interface{}
