// Package knowntags misspells generator tags.
//
// +k8s:deepcopy-gen=package
// +k8s:deep-copy-gen=package
// +k8s:copy-gen=package
// +k8s:openapi-gen:extra=true
// +k8s:validation:cel[0]:rule="self > 0"
package knowntags
