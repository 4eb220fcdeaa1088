// +k8s:protobuf-gen=package

// Package tags has fields without protobuf tags, to which go-to-protobuf
// adds the tags gogo gives them.
package tags
