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

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
)

func TestAddToScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"Frobber", "FrobberList"} {
		gvk := SchemeGroupVersion.WithKind(kind)
		obj, err := scheme.New(gvk)
		if err != nil {
			t.Fatalf("scheme.New(%v): %v", gvk, err)
		}
		gvks, _, err := scheme.ObjectKinds(obj)
		if err != nil || len(gvks) != 1 || gvks[0] != gvk {
			t.Errorf("ObjectKinds(%T) = %v, %v; want [%v]", obj, gvks, err, gvk)
		}
	}
}
