/*
Copyright The Frobber Authors.

Licensed under the Apache License, Version 2.0 (the "License"). This file may
be used only in accordance with the License, which can be obtained at

    http://www.apache.org/licenses/LICENSE-2.0

Unless applicable law requires otherwise or it was agreed to in writing, the
software is provided "AS IS", with no warranties or conditions of any kind,
express or implied. Consult the License for the exact terms that govern its
permissions and limitations.
*/

// Package v6 holds version v6 of the example frobbers.example.com API group.
// It exists to give the code generators a realistic package to work on.
//
// +k8s:deepcopy-gen=package
// +k8s:protobuf-gen=package
// +k8s:conversion-gen=example.com/frobbers/apis/frobbers
// +k8s:defaulter-gen=TypeMeta
// +k8s:featuregate-gen=package
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=frobbers.example.com
// +apigen:conversion:hub
package v6
