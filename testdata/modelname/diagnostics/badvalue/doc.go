// +k8s:openapi-model-package=
package badvalue
