// +k8s:openapi-model-packages=io.example.unknown
// +k8s:openapi-model-package=io.example.unknownmarker
package unknownmarker
