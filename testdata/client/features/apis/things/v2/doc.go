// +groupName=things.example.com
package v2
