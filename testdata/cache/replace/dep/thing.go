// Package dep is the replaced module of the run cache's tests.
package dep

// Thing is copied by value while it holds no pointer.
type Thing struct {
	N int
}
