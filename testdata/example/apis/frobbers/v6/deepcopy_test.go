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
	"fmt"
	"reflect"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
)

func ptrTo[T any](v T) *T { return &v }

// at returns a fixed UTC instant; offsets keep the different timestamps apart.
func at(offset time.Duration) metav1.Time {
	return metav1.NewTime(time.Date(2026, time.March, 14, 15, 9, 26, 0, time.UTC).Add(offset))
}

// newFrobber builds a Frobber in which every field, at every level that the
// generated code has to walk, holds a non-zero value. Each call returns a
// completely fresh value that shares no memory with any earlier one.
func newFrobber() *Frobber {
	return &Frobber{
		TypeMeta: metav1.TypeMeta{
			APIVersion: SchemeGroupVersion.String(),
			Kind:       "Frobber",
		},
		ObjectMeta: metav1.ObjectMeta{
			Name:                       "frobby",
			GenerateName:               "frob-",
			Namespace:                  "default",
			SelfLink:                   "/apis/frobbers.example.com/v6/namespaces/default/frobbers/frobby",
			UID:                        types.UID("1c9e5a3e-0000-4000-8000-000000000001"),
			ResourceVersion:            "42",
			Generation:                 7,
			CreationTimestamp:          at(0),
			DeletionTimestamp:          ptrTo(at(time.Hour)),
			DeletionGracePeriodSeconds: ptrTo(int64(30)),
			Labels:                     map[string]string{"app": "frobber"},
			Annotations:                map[string]string{"note": "hello"},
			OwnerReferences: []metav1.OwnerReference{{
				APIVersion:         "v1",
				Kind:               "ConfigMap",
				Name:               "owner",
				UID:                types.UID("owner-uid"),
				Controller:         ptrTo(true),
				BlockOwnerDeletion: ptrTo(true),
			}},
			Finalizers: []string{"frobbers.example.com/cleanup"},
			ManagedFields: []metav1.ManagedFieldsEntry{{
				Manager:     "tester",
				Operation:   metav1.ManagedFieldsOperationApply,
				APIVersion:  "frobbers.example.com/v6",
				Time:        ptrTo(at(2 * time.Hour)),
				FieldsType:  "FieldsV1",
				FieldsV1:    &metav1.FieldsV1{Raw: []byte(`{"f:spec":{}}`)},
				Subresource: "status",
			}},
		},
		Spec: FrobberSpec{
			Height:      3,
			Width:       ptrTo(int32(4)),
			Param:       "fast",
			Params:      []string{"a", "b"},
			Labels:      map[string]string{"tier": "gold"},
			Aliases:     map[string][]string{"frob": {"frobnicate", "twiddle"}},
			Weights:     []*int32{ptrTo(int32(10)), ptrTo(int32(20))},
			Selector:    &FrobberSelector{MatchLabels: map[string]string{"zone": "a"}, MatchNames: []string{"one"}},
			Ports:       []FrobberPort{{Name: "http", Port: 80, Protocol: "TCP", AppProtocol: ptrTo("http"), Hints: []string{"zone-a"}}},
			PortsByName: map[string]FrobberPort{"metrics": {Name: "metrics", Port: 9090, Protocol: "TCP", AppProtocol: ptrTo("prometheus"), Hints: []string{"zone-b"}}},
			Tags:        Tags{"red", "green"},
			Annotations: Annotations{"owner": "team-frob"},
			StartTime:   at(3 * time.Hour),
			Deadline:    ptrTo(at(4 * time.Hour)),
			Target:      intstr.FromInt32(8080),
			Widget:      &GearWidget{Label: "main", Teeth: 12, Ratios: []int32{1, 2, 3}, Offset: [2]int32{5, 6}},
		},
		Status: FrobberStatus{
			Conditions: []metav1.Condition{{
				Type:               "Ready",
				Status:             metav1.ConditionTrue,
				ObservedGeneration: 7,
				LastTransitionTime: at(5 * time.Hour),
				Reason:             "AllGood",
				Message:            "frobbing nicely",
			}},
			ObservedGeneration: 7,
		},
	}
}

var metav1PkgPath = reflect.TypeFor[metav1.ObjectMeta]().PkgPath()

// assertFullyPopulated fails the test if any field reachable from v is the
// zero value. It descends into pointers, slices, maps, interfaces and into
// structs from this package and from metav1; other types (metav1.Time,
// intstr.IntOrString, ...) are treated as leaves.
func assertFullyPopulated(t *testing.T, path string, v reflect.Value) {
	t.Helper()
	if v.IsZero() {
		t.Errorf("%s is the zero value; newFrobber must populate it", path)
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		assertFullyPopulated(t, path, v.Elem())
	case reflect.Slice:
		if v.Len() == 0 {
			t.Errorf("%s is empty", path)
		}
		for i := 0; i < v.Len(); i++ {
			assertFullyPopulated(t, fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Map:
		if v.Len() == 0 {
			t.Errorf("%s is empty", path)
		}
		for it := v.MapRange(); it.Next(); {
			assertFullyPopulated(t, fmt.Sprintf("%s[%v]", path, it.Key()), it.Value())
		}
	case reflect.Struct:
		pkg := v.Type().PkgPath()
		if v.Type() == reflect.TypeFor[metav1.Time]() || (pkg != metav1PkgPath && pkg != reflect.TypeFor[Frobber]().PkgPath()) {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				assertFullyPopulated(t, path+"."+f.Name, v.Field(i))
			}
		}
	}
}

func TestFixtureIsFullyPopulated(t *testing.T) {
	assertFullyPopulated(t, "Frobber", reflect.ValueOf(newFrobber()))
}

// mutation describes one field kind: mutate changes the copy only through
// references it holds (map entries, slice elements, pointees, ...), which
// leaves the original untouched only if the copy really is deep.
type mutation struct {
	name   string
	mutate func(c *Frobber)
}

var mutations = []mutation{
	{"TypeMeta/strings", func(c *Frobber) { c.Kind = "Other"; c.APIVersion = "other/v1" }},
	{"ObjectMeta/scalars", func(c *Frobber) { c.Name = "changed"; c.Generation++; c.UID = "other" }},
	{"ObjectMeta/Labels_map_entry", func(c *Frobber) { c.Labels["app"] = "changed"; c.Labels["new"] = "x" }},
	{"ObjectMeta/Annotations_map_entry", func(c *Frobber) { c.Annotations["note"] = "changed"; delete(c.Annotations, "note") }},
	{"ObjectMeta/Finalizers_slice_element", func(c *Frobber) { c.Finalizers[0] = "changed" }},
	{"ObjectMeta/OwnerReferences_struct_element_and_pointee", func(c *Frobber) {
		c.OwnerReferences[0].Name = "changed"
		*c.OwnerReferences[0].Controller = false
		*c.OwnerReferences[0].BlockOwnerDeletion = false
	}},
	{"ObjectMeta/CreationTimestamp_time_value", func(c *Frobber) { c.CreationTimestamp.Time = c.CreationTimestamp.Add(time.Minute) }},
	{"ObjectMeta/DeletionTimestamp_time_pointee", func(c *Frobber) { c.DeletionTimestamp.Time = c.DeletionTimestamp.Add(time.Minute) }},
	{"ObjectMeta/DeletionGracePeriodSeconds_pointee", func(c *Frobber) { *c.DeletionGracePeriodSeconds = 99 }},
	{"ObjectMeta/ManagedFields_nested_bytes_and_time", func(c *Frobber) {
		c.ManagedFields[0].FieldsV1.Raw[0] = 'X'
		c.ManagedFields[0].Time.Time = c.ManagedFields[0].Time.Add(time.Minute)
		c.ManagedFields[0].Manager = "changed"
	}},
	{"Spec/int32_scalar_Height", func(c *Frobber) { c.Spec.Height = 100 }},
	{"Spec/string_scalar_Param", func(c *Frobber) { c.Spec.Param = "changed" }},
	{"Spec/pointer_to_int32_Width", func(c *Frobber) { *c.Spec.Width = 100 }},
	{"Spec/slice_of_string_Params", func(c *Frobber) { c.Spec.Params[0] = "changed" }},
	{"Spec/map_string_string_Labels", func(c *Frobber) { c.Spec.Labels["tier"] = "changed"; c.Spec.Labels["extra"] = "x" }},
	{"Spec/map_string_slice_Aliases", func(c *Frobber) {
		c.Spec.Aliases["frob"][0] = "changed"
		c.Spec.Aliases["extra"] = []string{"x"}
	}},
	{"Spec/slice_of_pointers_Weights", func(c *Frobber) { *c.Spec.Weights[0] = 100; *c.Spec.Weights[1] = 200 }},
	{"Spec/pointer_to_struct_Selector", func(c *Frobber) {
		c.Spec.Selector.MatchLabels["zone"] = "changed"
		c.Spec.Selector.MatchNames[0] = "changed"
	}},
	{"Spec/slice_of_structs_Ports", func(c *Frobber) {
		c.Spec.Ports[0].Port = 8081
		*c.Spec.Ports[0].AppProtocol = "changed"
	}},
	{"Spec/map_of_structs_PortsByName", func(c *Frobber) {
		*c.Spec.PortsByName["metrics"].AppProtocol = "changed"
		c.Spec.PortsByName["other"] = FrobberPort{Name: "other"}
	}},
	{"Spec/named_slice_Tags", func(c *Frobber) { c.Spec.Tags[0] = "changed" }},
	{"Spec/named_map_Annotations", func(c *Frobber) { c.Spec.Annotations["owner"] = "changed" }},
	{"Spec/array_Offset", func(c *Frobber) { c.Spec.Widget.(*GearWidget).Offset[0] = 100 }},
	{"Spec/metav1_Time_value_StartTime", func(c *Frobber) { c.Spec.StartTime.Time = c.Spec.StartTime.Add(time.Minute) }},
	{"Spec/metav1_Time_pointer_Deadline", func(c *Frobber) { c.Spec.Deadline.Time = c.Spec.Deadline.Add(time.Minute) }},
	{"Spec/IntOrString_Target", func(c *Frobber) { c.Spec.Target.IntVal = 1; c.Spec.Target.StrVal = "changed" }},
	{"Spec/interface_Widget_content", func(c *Frobber) {
		g := c.Spec.Widget.(*GearWidget)
		g.Label = "changed"
		g.Teeth = 100
		g.Ratios[0] = 100
	}},
	{"Status/Conditions_slice_of_structs_with_time", func(c *Frobber) {
		c.Status.Conditions[0].Status = metav1.ConditionFalse
		c.Status.Conditions[0].LastTransitionTime.Time = c.Status.Conditions[0].LastTransitionTime.Add(time.Minute)
	}},
	{"Status/int64_ObservedGeneration", func(c *Frobber) { c.Status.ObservedGeneration = 100 }},
}

// checkIndependent asserts that copy equals in, then applies m to the copy
// and asserts that in still equals want while the copy no longer does.
func checkIndependent(t *testing.T, in, copied, want *Frobber, m mutation) {
	t.Helper()
	if copied == in {
		t.Fatalf("copy is the same pointer as the original")
	}
	if !reflect.DeepEqual(in, copied) {
		t.Fatalf("copy differs from original before mutation:\n in: %+v\ncopy: %+v", in, copied)
	}
	m.mutate(copied)
	if reflect.DeepEqual(copied, want) {
		t.Fatalf("mutation %q had no visible effect on the copy; the test itself is broken", m.name)
	}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("mutating the copy changed the original:\n got: %+v\nwant: %+v", in, want)
	}
}

func TestDeepCopy(t *testing.T) {
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			in, want := newFrobber(), newFrobber()
			checkIndependent(t, in, in.DeepCopy(), want, m)
		})
	}
}

func TestDeepCopyInto(t *testing.T) {
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			in, want := newFrobber(), newFrobber()
			// Start from a value that already holds data: DeepCopyInto
			// must overwrite it completely.
			out := &Frobber{
				ObjectMeta: metav1.ObjectMeta{Name: "stale", Labels: map[string]string{"stale": "yes"}},
				Spec:       FrobberSpec{Params: []string{"stale"}, Widget: &GearWidget{Label: "stale"}},
			}
			in.DeepCopyInto(out)
			checkIndependent(t, in, out, want, m)
		})
	}
}

func TestDeepCopyObject(t *testing.T) {
	t.Run("Frobber", func(t *testing.T) {
		for _, m := range mutations {
			t.Run(m.name, func(t *testing.T) {
				in, want := newFrobber(), newFrobber()
				obj := in.DeepCopyObject()
				c, ok := obj.(*Frobber)
				if !ok {
					t.Fatalf("DeepCopyObject returned %T, want *Frobber", obj)
				}
				checkIndependent(t, in, c, want, m)
			})
		}
	})
	t.Run("FrobberList", func(t *testing.T) {
		newList := func() *FrobberList {
			return &FrobberList{
				TypeMeta: metav1.TypeMeta{APIVersion: SchemeGroupVersion.String(), Kind: "FrobberList"},
				ListMeta: metav1.ListMeta{
					ResourceVersion:    "99",
					Continue:           "token",
					RemainingItemCount: ptrTo(int64(3)),
				},
				Items: []Frobber{*newFrobber(), *newFrobber()},
			}
		}
		in, want := newList(), newList()
		obj := in.DeepCopyObject()
		c, ok := obj.(*FrobberList)
		if !ok {
			t.Fatalf("DeepCopyObject returned %T, want *FrobberList", obj)
		}
		if c == in || &c.Items[0] == &in.Items[0] {
			t.Fatalf("copy shares memory with the original")
		}
		if !reflect.DeepEqual(in, c) {
			t.Fatalf("copy differs from original:\n in: %+v\ncopy: %+v", in, c)
		}
		*c.RemainingItemCount = 0
		c.Continue = "changed"
		c.Items[0].Name = "changed"
		for _, m := range mutations {
			m.mutate(&c.Items[1])
		}
		c.Items = append(c.Items, Frobber{})
		if !reflect.DeepEqual(in, want) {
			t.Errorf("mutating the copy changed the original:\n got: %+v\nwant: %+v", in, want)
		}
	})
}

func TestDeepCopyNil(t *testing.T) {
	t.Run("Frobber", func(t *testing.T) {
		var in *Frobber
		if got := in.DeepCopy(); got != nil {
			t.Errorf("DeepCopy of nil = %v, want nil", got)
		}
		if got := in.DeepCopyObject(); got != nil {
			t.Errorf("DeepCopyObject of nil = %#v, want untyped nil", got)
		}
	})
	t.Run("FrobberList", func(t *testing.T) {
		var in *FrobberList
		if got := in.DeepCopy(); got != nil {
			t.Errorf("DeepCopy of nil = %v, want nil", got)
		}
		if got := in.DeepCopyObject(); got != nil {
			t.Errorf("DeepCopyObject of nil = %#v, want untyped nil", got)
		}
	})
	t.Run("structs", func(t *testing.T) {
		if got := (*FrobberSpec)(nil).DeepCopy(); got != nil {
			t.Errorf("FrobberSpec: got %v", got)
		}
		if got := (*FrobberStatus)(nil).DeepCopy(); got != nil {
			t.Errorf("FrobberStatus: got %v", got)
		}
		if got := (*FrobberSelector)(nil).DeepCopy(); got != nil {
			t.Errorf("FrobberSelector: got %v", got)
		}
		if got := (*FrobberPort)(nil).DeepCopy(); got != nil {
			t.Errorf("FrobberPort: got %v", got)
		}
		if got := (*GearWidget)(nil).DeepCopy(); got != nil {
			t.Errorf("GearWidget: got %v", got)
		}
		if got := (*GearWidget)(nil).DeepCopyWidget(); got != nil {
			t.Errorf("GearWidget.DeepCopyWidget: got %#v, want untyped nil", got)
		}
	})
	t.Run("named_slice_and_map", func(t *testing.T) {
		if got := Tags(nil).DeepCopy(); got != nil {
			t.Errorf("Tags: got %#v", got)
		}
		if got := Annotations(nil).DeepCopy(); got != nil {
			t.Errorf("Annotations: got %#v", got)
		}
	})
}

// TestDeepCopyNilAndEmpty checks that nil and empty collections, nil slice
// elements and nil map values all survive a copy unchanged.
func TestDeepCopyNilAndEmpty(t *testing.T) {
	in := &FrobberSpec{
		Params:      []string{},
		Labels:      map[string]string{},
		Aliases:     map[string][]string{"none": nil, "empty": {}},
		Weights:     []*int32{nil, ptrTo(int32(1))},
		Ports:       []FrobberPort{{Name: "bare"}},
		PortsByName: map[string]FrobberPort{"bare": {Name: "bare"}},
		Tags:        Tags{},
		Selector:    &FrobberSelector{},
	}
	c := in.DeepCopy()
	if !reflect.DeepEqual(in, c) {
		t.Fatalf("copy differs:\n in: %#v\ncopy: %#v", in, c)
	}
	if c.Params == nil || c.Labels == nil || c.Tags == nil {
		t.Errorf("empty collections became nil: %#v", c)
	}
	if c.Annotations != nil || c.Width != nil || c.Deadline != nil || c.Widget != nil {
		t.Errorf("nil fields became non-nil: %#v", c)
	}
	if v, ok := c.Aliases["none"]; !ok || v != nil {
		t.Errorf("Aliases[none] = %#v, %v; want nil, true", v, ok)
	}
	if v := c.Aliases["empty"]; v == nil || len(v) != 0 {
		t.Errorf("Aliases[empty] = %#v; want empty non-nil", v)
	}
	if c.Weights[0] != nil {
		t.Errorf("Weights[0] = %v; want nil", c.Weights[0])
	}
}

func TestNamedTypesDeepCopy(t *testing.T) {
	t.Run("Tags", func(t *testing.T) {
		in := Tags{"a", "b"}
		c := in.DeepCopy()
		if !reflect.DeepEqual(in, c) {
			t.Fatalf("got %v, want %v", c, in)
		}
		c[0] = "changed"
		if in[0] != "a" {
			t.Errorf("original changed: %v", in)
		}
	})
	t.Run("Annotations", func(t *testing.T) {
		in := Annotations{"k": "v"}
		c := in.DeepCopy()
		if !reflect.DeepEqual(in, c) {
			t.Fatalf("got %v, want %v", c, in)
		}
		c["k"] = "changed"
		if in["k"] != "v" {
			t.Errorf("original changed: %v", in)
		}
	})
	t.Run("GearWidget_DeepCopyWidget", func(t *testing.T) {
		in := &GearWidget{Label: "g", Teeth: 3, Ratios: []int32{1}}
		w := in.DeepCopyWidget()
		c, ok := w.(*GearWidget)
		if !ok || c == in {
			t.Fatalf("DeepCopyWidget returned %#v", w)
		}
		if !reflect.DeepEqual(in, c) || w.Name() != "g" {
			t.Fatalf("got %+v, want %+v", c, in)
		}
		c.Ratios[0] = 100
		if in.Ratios[0] != 1 {
			t.Errorf("original changed: %+v", in)
		}
	})
}
