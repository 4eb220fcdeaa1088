// +k8s:openapi-model-packages=io.example.unknown
package unknownmarker
