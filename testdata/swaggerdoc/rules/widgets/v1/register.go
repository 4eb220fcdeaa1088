package v1

// GroupName is the group of the widgets API.
const GroupName = "widgets.example.com"
