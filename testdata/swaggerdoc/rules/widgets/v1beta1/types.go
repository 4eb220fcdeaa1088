package v1beta1

type Nothing struct {
	Field string `json:"field"`
}
