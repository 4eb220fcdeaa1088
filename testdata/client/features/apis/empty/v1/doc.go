// +groupName=empty.example.com
package v1
