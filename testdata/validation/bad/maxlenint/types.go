package maxlenint

type Widget struct {
	// +k8s:optional
	// +k8s:maxLength=10
	Count int `json:"count"`
}
