// +k8s:validation-gen=TypesWithField=TypeMeta

// Package v1beta1 is another version of the group.
package v1beta1
