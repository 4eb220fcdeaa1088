package v1

type Nothing struct{}
