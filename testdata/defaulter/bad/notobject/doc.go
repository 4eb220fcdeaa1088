// +k8s:defaulter-gen=TypeMeta

package notobject
