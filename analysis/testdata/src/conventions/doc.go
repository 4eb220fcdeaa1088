// Package conventions misspells a generator tag.
//
// +k8s:deepcopy-gen=package
// want +1 `\+k8s:deep-copy-gen is not a known generator tag \(--lint-rules known-tags-only\); did you mean \+k8s:deepcopy-gen\?`
// +k8s:deep-copy-gen=package
package conventions
