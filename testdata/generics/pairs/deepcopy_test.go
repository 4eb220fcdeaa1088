package pairs

import (
	"reflect"
	"testing"
)

func item(name string, tags ...string) *Item { return &Item{Name: name, Tags: tags} }

func newHolder() *Holder {
	peak := 9
	return &Holder{
		Items: Box[*Item]{
			Value:  item("v", "a"),
			Ptr:    func() **Item { p := item("p", "b"); return &p }(),
			List:   []*Item{item("l0", "c"), item("l1", "d")},
			ByName: map[string]*Item{"k": item("m", "e")},
		},
		Counts:     Stats[int]{Samples: []int{1, 2}, Peak: &peak, ByKey: map[string]int{"x": 3}},
		MaybeItems: &Box[*Item]{Value: item("mv", "f"), List: []*Item{item("ml", "g")}},
		Pairs:      []Pair[int64, *Item]{{Key: 7, Value: item("pv", "h")}},
	}
}

// TestGenericDeepCopy mutates every reference in a copy and expects the
// original to be untouched.
func TestGenericDeepCopy(t *testing.T) {
	orig := newHolder()
	c := orig.DeepCopy()
	if !reflect.DeepEqual(orig, c) {
		t.Fatalf("copy differs from original")
	}
	mutations := map[string]func(h *Holder){
		"Box.Value":          func(h *Holder) { h.Items.Value.Tags[0] = "X" },
		"Box.Ptr":            func(h *Holder) { (*h.Items.Ptr).Name = "X" },
		"Box.List":           func(h *Holder) { h.Items.List[1].Tags[0] = "X" },
		"Box.ByName":         func(h *Holder) { h.Items.ByName["k"].Name = "X" },
		"Stats.Samples":      func(h *Holder) { h.Counts.Samples[0] = 100 },
		"Stats.Peak":         func(h *Holder) { *h.Counts.Peak = 100 },
		"Stats.ByKey":        func(h *Holder) { h.Counts.ByKey["x"] = 100 },
		"*Box.Value":         func(h *Holder) { h.MaybeItems.Value.Name = "X" },
		"*Box.List":          func(h *Holder) { h.MaybeItems.List[0].Tags[0] = "X" },
		"[]Pair.Value":       func(h *Holder) { h.Pairs[0].Value.Tags[0] = "X" },
		"[]Pair.Key":         func(h *Holder) { h.Pairs[0].Key = 100 },
		"Box.ByName new key": func(h *Holder) { h.Items.ByName["new"] = item("n") },
	}
	for name, mutate := range mutations {
		t.Run(name, func(t *testing.T) {
			c := orig.DeepCopy()
			mutate(c)
			if reflect.DeepEqual(c, newHolder()) {
				t.Fatalf("mutation changed nothing")
			}
			if !reflect.DeepEqual(orig, newHolder()) {
				t.Fatalf("mutating the copy changed the original")
			}
		})
	}
}

func TestGenericNil(t *testing.T) {
	var b *Box[*Item]
	if b.DeepCopy() != nil {
		t.Errorf("nil Box copied to non-nil")
	}
	var empty Box[*Item]
	c := empty.DeepCopy()
	if c.Value != nil || c.Ptr != nil || c.List != nil || c.ByName != nil {
		t.Errorf("empty Box copied to %+v", c)
	}
}
