package v1

import "conv.example/apis/other"

// Thing's Extra is a struct from a package no conversion covers.
type Thing struct {
	Name  string
	Size  int32
	Extra other.Widget
}
