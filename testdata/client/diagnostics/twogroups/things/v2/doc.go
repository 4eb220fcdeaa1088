// +groupName=b.example.com
package v2

// v1, the first version given to --input, names another group.
