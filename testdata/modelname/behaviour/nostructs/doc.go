// +k8s:openapi-model-package=com.example.nostructs
package nostructs
