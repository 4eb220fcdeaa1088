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
	"bytes"
	"math/rand"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metafuzzer "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	"example.com/frobbers/apis/frobbers/v6"
	"example.com/frobbers/apis/frobbers/v7beta1"
)

// wireOnly makes obj what the protobuf encoding can carry: the fields
// marked protobuf:"-" empty, and an empty list of items nil, since protobuf
// has no empty list apart from a missing one, and JSON writes the items of
// a list even when there are none.
func wireOnly(obj runtime.Object) {
	switch o := obj.(type) {
	case *v6.Frobber:
		o.Spec.Aliases, o.Spec.Widget, o.Spec.Weights = nil, nil, nil
	case *v7beta1.Frobber:
		o.Spec.Aliases, o.Spec.Widget, o.Spec.Weights = nil, nil, nil
	case *v6.FrobberList:
		for i := range o.Items {
			wireOnly(&o.Items[i])
		}
		if len(o.Items) == 0 {
			o.Items = nil
		}
	case *v7beta1.FrobberList:
		for i := range o.Items {
			wireOnly(&o.Items[i])
		}
		if len(o.Items) == 0 {
			o.Items = nil
		}
	}
}

// versionedKinds are the example's kinds, each with its group version.
var versionedKinds = []func() runtime.Object{
	func() runtime.Object { return &v6.Frobber{} },
	func() runtime.Object { return &v6.FrobberList{} },
	func() runtime.Object { return &v7beta1.Frobber{} },
	func() runtime.Object { return &v7beta1.FrobberList{} },
}

// codecFor returns the scheme's codec of a media type for the group
// version of obj, converting and defaulting nothing.
func codecFor(t *testing.T, codecs serializer.CodecFactory, mediaType string, obj runtime.Object) runtime.Codec {
	t.Helper()
	info, ok := runtime.SerializerInfoForMediaType(codecs.SupportedMediaTypes(), mediaType)
	if !ok {
		t.Fatalf("no serializer for %s", mediaType)
	}
	gv := groupVersionOf(obj)
	plain := codecs.WithoutConversion()
	return runtime.NewCodec(plain.EncoderForVersion(info.Serializer, gv), plain.DecoderToVersion(info.Serializer, gv))
}

func groupVersionOf(obj runtime.Object) schema.GroupVersion {
	switch obj.(type) {
	case *v6.Frobber, *v6.FrobberList:
		return v6.SchemeGroupVersion
	}
	return v7beta1.SchemeGroupVersion
}

// TestProtobufRoundTrip encodes random objects of every kind with the
// generated protobuf code, through apimachinery's protobuf serializer in
// a scheme, decodes them again, and expects what it started with. Then
// JSON → object → protobuf → object → JSON must give the same JSON.
func TestProtobufRoundTrip(t *testing.T) {
	scheme := newScheme(t)
	codecs := serializer.NewCodecFactory(scheme)
	funcs := fuzzer.MergeFuzzerFuncs(metafuzzer.Funcs, fillFuncs)
	filler := fuzzer.FuzzerFor(funcs, rand.NewSource(20261123), codecs)
	for _, kind := range versionedKinds {
		name := reflect.TypeOf(kind()).Elem().PkgPath() + "." + reflect.TypeOf(kind()).Elem().Name()
		t.Run(name, func(t *testing.T) {
			pb := codecFor(t, codecs, runtime.ContentTypeProtobuf, kind())
			js := codecFor(t, codecs, runtime.ContentTypeJSON, kind())
			for i := 0; i < objectsPerKind; i++ {
				original := kind()
				filler.Fill(original)
				wireOnly(original)
				original.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{})
				back := decode(t, pb, encode(t, pb, original))
				back.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{})
				if !apiequality.Semantic.DeepEqual(original, back) {
					t.Fatalf("object %d changed through protobuf:\nbefore: %#v\nafter:  %#v", i, original, back)
				}

				before := encode(t, js, original)
				through := decode(t, pb, encode(t, pb, decode(t, js, before)))
				if after := encode(t, js, through); !bytes.Equal(before, after) {
					t.Fatalf("object %d: JSON changed through protobuf:\nbefore: %s\nafter:  %s", i, before, after)
				}
			}
		})
	}
}

func encode(t *testing.T, codec runtime.Codec, obj runtime.Object) []byte {
	t.Helper()
	data, err := runtime.Encode(codec, obj)
	if err != nil {
		t.Fatalf("encoding %T: %v", obj, err)
	}
	return data
}

func decode(t *testing.T, codec runtime.Codec, data []byte) runtime.Object {
	t.Helper()
	obj, err := runtime.Decode(codec, data)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return obj
}
