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

package frobbers_test

import (
	"math/rand"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metafuzzer "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/randfill"

	"example.com/frobbers/apis/frobbers"
	"example.com/frobbers/apis/frobbers/v6"
	"example.com/frobbers/apis/frobbers/v7beta1"
)

const objectsPerKind = 1000

func newScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{frobbers.AddToScheme, v6.AddToScheme, v7beta1.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	return scheme
}

// fillFuncs fill what randfill cannot (interface values) and keep v6
// objects valid: when Params is set, Param is its first element.
func fillFuncs(codecs serializer.CodecFactory) []interface{} {
	return []interface{}{
		func(w *v6.Widget, c randfill.Continue) {
			*w = nil
			if c.Bool() {
				g := &v6.GearWidget{}
				c.Fill(g)
				*w = g
			}
		},
		func(w *v7beta1.Widget, c randfill.Continue) {
			*w = nil
			if c.Bool() {
				g := &v7beta1.GearWidget{}
				c.Fill(g)
				*w = g
			}
		},
		func(s *v6.FrobberSpec, c randfill.Continue) {
			c.FillNoCustom(s)
			s.Param = ""
			if len(s.Params) > 0 {
				s.Param = s.Params[0]
			}
		},
	}
}

// TestRoundTrip converts random versioned objects to the internal version
// and back, through the conversions generated into the scheme, and expects
// what it started with.
func TestRoundTrip(t *testing.T) {
	scheme := newScheme(t)
	codecs := serializer.NewCodecFactory(scheme)
	funcs := fuzzer.MergeFuzzerFuncs(metafuzzer.Funcs, fillFuncs)
	filler := fuzzer.FuzzerFor(funcs, rand.NewSource(20261121), codecs)
	kinds := []struct {
		versioned func() runtime.Object
		internal  func() runtime.Object
	}{
		{func() runtime.Object { return &v6.Frobber{} }, func() runtime.Object { return &frobbers.Frobber{} }},
		{func() runtime.Object { return &v6.FrobberList{} }, func() runtime.Object { return &frobbers.FrobberList{} }},
		{func() runtime.Object { return &v7beta1.Frobber{} }, func() runtime.Object { return &frobbers.Frobber{} }},
		{func() runtime.Object { return &v7beta1.FrobberList{} }, func() runtime.Object { return &frobbers.FrobberList{} }},
	}
	for _, k := range kinds {
		name := reflect.TypeOf(k.versioned()).Elem().PkgPath() + "." + reflect.TypeOf(k.versioned()).Elem().Name()
		t.Run(name, func(t *testing.T) {
			for i := 0; i < objectsPerKind; i++ {
				original := k.versioned()
				filler.Fill(original)
				internal, back := k.internal(), k.versioned()
				if err := scheme.Convert(original, internal, nil); err != nil {
					t.Fatalf("object %d to internal: %v", i, err)
				}
				if err := scheme.Convert(internal, back, nil); err != nil {
					t.Fatalf("object %d from internal: %v", i, err)
				}
				if !apiequality.Semantic.DeepEqual(original, back) {
					t.Fatalf("object %d changed in a round trip:\nbefore: %#v\nafter:  %#v", i, original, back)
				}
				once := original.DeepCopyObject()
				scheme.Default(once)
				twice := once.DeepCopyObject()
				scheme.Default(twice)
				if !apiequality.Semantic.DeepEqual(once, twice) {
					t.Fatalf("object %d: defaulting twice differs from defaulting once", i)
				}
			}
		})
	}
}

// TestDefaultsRegistered checks that the generated RegisterDefaults reached
// the scheme: the hand-written SetDefaults_FrobberSpec and the +default
// marker both apply, in both versions and through a list.
func TestDefaultsRegistered(t *testing.T) {
	scheme := newScheme(t)
	f := &v6.Frobber{Spec: v6.FrobberSpec{Ports: []v6.FrobberPort{{Name: "web"}, {Name: "dns", Protocol: "UDP"}}}}
	scheme.Default(f)
	if f.Spec.Height != 1 || f.Spec.Ports[0].Protocol != "TCP" || f.Spec.Ports[1].Protocol != "UDP" {
		t.Errorf("v6 defaults not applied: height %d, protocols %q %q", f.Spec.Height, f.Spec.Ports[0].Protocol, f.Spec.Ports[1].Protocol)
	}
	list := &v7beta1.FrobberList{Items: []v7beta1.Frobber{{Spec: v7beta1.FrobberSpec{Height: 5, Ports: []v7beta1.FrobberPort{{}}}}}}
	scheme.Default(list)
	if got := list.Items[0].Spec; got.Height != 5 || got.Ports[0].Protocol != "TCP" {
		t.Errorf("v7beta1 list defaults not applied: %+v", got)
	}
}

// TestConversionsRegistered checks that the generated RegisterConversions
// reached the scheme through the package's SchemeBuilder.
func TestConversionsRegistered(t *testing.T) {
	scheme := newScheme(t)
	in := &v7beta1.Frobber{Spec: v7beta1.FrobberSpec{Height: 3, Params: []string{"a", "b"}}}
	out := &frobbers.Frobber{}
	if err := scheme.Convert(in, out, nil); err != nil {
		t.Fatalf("scheme cannot convert v7beta1 to internal: %v", err)
	}
	if out.Spec.Height != 3 || !reflect.DeepEqual(out.Spec.Params, []string{"a", "b"}) {
		t.Errorf("converted spec = %+v", out.Spec)
	}
}
