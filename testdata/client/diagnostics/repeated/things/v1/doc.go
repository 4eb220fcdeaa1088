// +groupName=things.example.com
package v1
