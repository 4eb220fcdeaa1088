// +groupName=widgets.b.example
package v1
