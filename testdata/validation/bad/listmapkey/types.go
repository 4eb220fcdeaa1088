package listmapkey

type Item struct {
	Name string `json:"name"`
}

type Widget struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=id
	Items []Item `json:"items"`
}
