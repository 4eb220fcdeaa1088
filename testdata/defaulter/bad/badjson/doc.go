// +k8s:defaulter-gen=TypeMeta

package badjson
