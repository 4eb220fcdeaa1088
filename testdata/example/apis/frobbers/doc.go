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

// Package frobbers holds the internal (hub) version of the example
// frobbers.example.com API group. Every versioned package converts to and
// from it.
//
// +k8s:deepcopy-gen=package
// +groupName=frobbers.example.com
package frobbers
