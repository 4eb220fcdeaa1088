// +k8s:featuregate-gen=package
package api
