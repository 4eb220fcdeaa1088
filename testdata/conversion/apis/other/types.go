// Package other holds a type no conversion knows about.
package other

// Widget has no conversion to anything, and its layout matches nothing.
type Widget struct {
	Label string
	Count int64
}
