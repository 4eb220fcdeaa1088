// +groupName=widgets.a.example
package v1
