// +groupName=alpha.example.com

// Package hub holds the internal types of the alpha group: their
// ObjectMeta has no json tag, so they get no apply configurations.
package hub
