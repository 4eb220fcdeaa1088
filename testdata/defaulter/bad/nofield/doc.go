// +k8s:defaulter-gen=TypeMeta
// +k8s:defaulter-gen=ObjectMeta

package nofield
