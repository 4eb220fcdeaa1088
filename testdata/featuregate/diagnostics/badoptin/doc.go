// +k8s:featuregate-gen=true
package api
