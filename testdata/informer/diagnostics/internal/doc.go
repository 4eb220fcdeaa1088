// +groupName=internal.example.com

// Package internal holds internal types, whose informers need
// --internal-clientset-package, which the test leaves out.
package internal
