// +k8s:defaulter-gen=TypeMeta

package typevalue
