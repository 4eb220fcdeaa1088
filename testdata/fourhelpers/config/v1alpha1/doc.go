// Package v1alpha1 is version v1alpha1 of the widget configuration API.
//
// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=example.com/widgetconfig/config
// +k8s:defaulter-gen=TypeMeta
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=config.example.com
package v1alpha1
