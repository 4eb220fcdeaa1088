package tagged

// Widget gets the package's model package.
type Widget struct{ A int }

type hidden struct{ B int }

// Name is not a struct.
type Name string

// List is not a struct.
type List []Widget

// Gadget overrides the package's model package.
//
// +k8s:openapi-model-package=com.example.other
type Gadget struct {
	C int
}

// The marker below stands in a detached block, which only the closest doc
// comment's markers count against: Detached keeps the package's.

// +k8s:openapi-model-package=com.example.detached

// Detached is a struct.
type Detached struct{ D int }

// Box is generic.
type Box[T any] struct{ V T }

// Pair is generic in two parameters.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// Same is a Go alias: it declares no type of its own.
type Same = Widget

// Iface is not a struct.
type Iface interface{ M() }

// Ptr is not a struct.
type Ptr *Widget

// Copy is a struct declared from another.
type Copy Widget

// Zeta sorts last.
type Zeta struct{}

// alpha sorts first but is unexported.
type alpha struct{}
