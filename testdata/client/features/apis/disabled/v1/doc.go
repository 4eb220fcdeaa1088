// +k8s:client-gen=false
// +groupName=disabled.example.com
package v1
