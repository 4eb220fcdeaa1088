// +groupName=other.example.io
// +groupGoName=Extra
package v1alpha1
