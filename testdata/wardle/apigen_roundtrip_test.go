// This test is copied into a k8s.io/sample-apiserver module whose generated
// files apigen has just regenerated (see cmd/conversion-gen's tests). It is
// not part of the apigen module.

package install

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metafuzzer "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/randfill"

	"k8s.io/sample-apiserver/pkg/apis/wardle/v1alpha1"
)

const objectsPerKind = 1000

// versionedFuncs keep v1alpha1 specs in the form defaulting leaves them:
// a reference has a reference type.
func versionedFuncs(codecs serializer.CodecFactory) []interface{} {
	return []interface{}{
		func(s *v1alpha1.FlunderSpec, c randfill.Continue) {
			c.FillNoCustom(s)
			switch c.Intn(3) {
			case 0:
				s.ReferenceType, s.Reference = nil, ""
			case 1:
				t := v1alpha1.FlunderReferenceType
				s.ReferenceType = &t
			default:
				t := v1alpha1.FischerReferenceType
				s.ReferenceType = &t
			}
		},
	}
}

// wardleKinds returns the versioned wardle kinds the scheme knows.
func wardleKinds(scheme *runtime.Scheme) []schema.GroupVersionKind {
	var kinds []schema.GroupVersionKind
	for gvk, typ := range scheme.AllKnownTypes() {
		if gvk.Version != runtime.APIVersionInternal && strings.HasPrefix(typ.PkgPath(), "k8s.io/sample-apiserver/pkg/apis/wardle/") {
			kinds = append(kinds, gvk)
		}
	}
	return kinds
}

// TestApigenRoundTrip converts random versioned objects to the internal
// version and back through the conversions registered in the scheme, and
// checks that defaulting twice changes nothing more than defaulting once.
func TestApigenRoundTrip(t *testing.T) {
	scheme := runtime.NewScheme()
	Install(scheme)
	codecs := serializer.NewCodecFactory(scheme)
	filler := fuzzer.FuzzerFor(fuzzer.MergeFuzzerFuncs(metafuzzer.Funcs, versionedFuncs), rand.NewSource(20261121), codecs)
	kinds := wardleKinds(scheme)
	if len(kinds) != 6 {
		t.Fatalf("found %d versioned wardle kinds, want 6: %v", len(kinds), kinds)
	}
	for _, gvk := range kinds {
		t.Run(gvk.String(), func(t *testing.T) {
			for i := 0; i < objectsPerKind; i++ {
				original, _ := scheme.New(gvk)
				filler.Fill(original)
				internal, _ := scheme.New(gvk.GroupKind().WithVersion(runtime.APIVersionInternal))
				back, _ := scheme.New(gvk)
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
					t.Fatalf("object %d: defaulting is not idempotent", i)
				}
			}
		})
	}
}

// TestApigenRegistered checks that the generated defaulters and
// conversions reached the scheme.
func TestApigenRegistered(t *testing.T) {
	scheme := runtime.NewScheme()
	Install(scheme)
	f := &v1alpha1.Flunder{Spec: v1alpha1.FlunderSpec{Reference: "x"}}
	scheme.Default(f)
	if f.Spec.ReferenceType == nil || *f.Spec.ReferenceType != v1alpha1.FlunderReferenceType {
		t.Errorf("generated defaulter not registered: reference type %v", f.Spec.ReferenceType)
	}
	internal, _ := scheme.New(v1alpha1.SchemeGroupVersion.WithKind("Flunder").GroupKind().WithVersion(runtime.APIVersionInternal))
	if err := scheme.Convert(f, internal, nil); err != nil {
		t.Fatalf("generated conversions not registered: %v", err)
	}
	if got := reflect.ValueOf(internal).Elem().FieldByName("Spec").FieldByName("FlunderReference").String(); got != "x" {
		t.Errorf("converted FlunderReference = %q, want x", got)
	}
}
