// +groupName=shop.features.example
package v2
