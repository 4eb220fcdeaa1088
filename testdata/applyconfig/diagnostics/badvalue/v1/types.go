package v1

// Thing skips a verb that does not exist.
// +genclient
// +genclient:skipVerbs=fly
type Thing struct {
	Name string `json:"name"`
}

// Other has a method without a verb.
// +genclient
// +genclient:method=Scale,subresource=scale
type Other struct {
	Name string `json:"name"`
}
