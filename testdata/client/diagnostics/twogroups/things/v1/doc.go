// +groupName=a.example.com
package v1
