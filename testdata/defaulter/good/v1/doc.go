// +k8s:defaulter-gen=TypeMeta

// Package v1 exercises what defaulter-gen generates for a package's own
// types: hand-written SetDefaults_ functions (base, additional and
// covering), +default values of every shape, type-level opt in and out,
// hand-written object defaulters, recursion and a peer package.
package v1
