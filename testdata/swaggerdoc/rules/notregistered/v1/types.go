// Package v1 declares no GroupName: not an API group version.
package v1

// Thing is documented.
type Thing struct{}
