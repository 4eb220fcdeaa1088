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

package v6

import "k8s.io/apimachinery/pkg/runtime"

func addDefaultingFuncs(scheme *runtime.Scheme) error {
	return RegisterDefaults(scheme)
}

// SetDefaults_FrobberSpec gives a Frobber without a height the smallest
// one. The generated SetObjectDefaults_Frobber calls it.
func SetDefaults_FrobberSpec(obj *FrobberSpec) {
	if obj.Height == 0 {
		obj.Height = 1
	}
}
