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

// Package v5 holds version v5 of the example frobbers.example.com API group,
// still served for clients written before v6. It converts through hub v6:
// apigen's crdconversion generator writes its ConvertToHub and
// ConvertFromHub, and keeps the fields v5 cannot hold in an annotation.
//
// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=example.com/frobbers/apis/frobbers/v6
// +groupName=frobbers.example.com
package v5
