package api

import (
	"reflect"
	"slices"
	"testing"

	"shapes.example/other"
)

func on(gates ...string) func(string) bool {
	return func(g string) bool { return slices.Contains(gates, g) }
}

func str(s string) *string { return &s }
func i32(i int32) *int32   { return &i }

// full sets every gated field, in every place it can be.
func full() *Root {
	item := func(n string) Item { return Item{Name: n, Extra: []string{n}} }
	items := []Item{item("a"), item("b")}
	return &Root{
		Both:      str("x"),
		Label:     "l",
		Items:     items,
		ByName:    map[string]Item{"k": item("c")},
		PtrByKey:  map[string]*Item{"p": {Name: "p", Extra: []string{"p"}}},
		Pair:      [2]Item{item("d"), item("e")},
		Nested:    [][]Item{{item("f")}},
		PtrList:   &[]Item{item("g")},
		Tree:      &Node{Weight: i32(1), Children: []Node{{Weight: i32(2), Children: []Node{{Weight: i32(3)}}}}},
		Limits:    &other.Limits{Burst: i32(4), Mode: other.ModeTurbo},
		Modes:     []other.Mode{other.ModeSteady, other.ModeTurbo},
		Untouched: map[string]string{"u": "v"},
	}
}

// cleared is full with every gated field dropped.
func cleared() *Root {
	item := func(n string) Item { return Item{Name: n} }
	return &Root{
		Items:     []Item{item("a"), item("b")},
		ByName:    map[string]Item{"k": item("c")},
		PtrByKey:  map[string]*Item{"p": {Name: "p"}},
		Pair:      [2]Item{item("d"), item("e")},
		Nested:    [][]Item{{item("f")}},
		PtrList:   &[]Item{item("g")},
		Tree:      &Node{Children: []Node{{Children: []Node{{}}}}},
		Limits:    &other.Limits{Mode: other.ModeTurbo},
		Modes:     []other.Mode{other.ModeSteady, other.ModeTurbo},
		Untouched: map[string]string{"u": "v"},
	}
}

var all = []string{"GateA", "GateB", "GateC", "GateD", "OtherLimits", "TurboMode"}

func TestCreateGatesOff(t *testing.T) {
	obj := full()
	DropDisabledRootFields(on(), obj, nil)
	if want := cleared(); !reflect.DeepEqual(obj, want) {
		t.Errorf("got  %+v\nwant %+v", obj, want)
	}
}

func TestCreateGatesOn(t *testing.T) {
	obj := full()
	DropDisabledRootFields(on(all...), obj, nil)
	if want := full(); !reflect.DeepEqual(obj, want) {
		t.Errorf("got  %+v\nwant %+v", obj, want)
	}
}

// A field needs all its gates: Both goes with only GateA on, and Label,
// which needs GateA alone, stays.
func TestAllGatesNeeded(t *testing.T) {
	obj := full()
	DropDisabledRootFields(on("GateA"), obj, nil)
	if obj.Both != nil || obj.Label != "l" {
		t.Errorf("Both = %v, Label = %q; want nil and \"l\"", obj.Both, obj.Label)
	}
}

// An update keeps every field the old object uses somewhere, wherever obj
// sets it, and drops the others.
func TestUpdate(t *testing.T) {
	old := &Root{
		Nested: [][]Item{{{Name: "z", Extra: []string{"z"}}}}, // Item.Extra in use
		Tree:   &Node{Children: []Node{{Weight: i32(9)}}},     // Node.Weight in use, deep down
	}
	obj := full()
	DropDisabledRootFields(on(), obj, old)
	want := cleared()
	for i := range want.Items {
		want.Items[i].Extra = []string{want.Items[i].Name}
	}
	want.ByName["k"] = Item{Name: "c", Extra: []string{"c"}}
	want.PtrByKey["p"].Extra = []string{"p"}
	want.Pair[0].Extra, want.Pair[1].Extra = []string{"d"}, []string{"e"}
	want.Nested[0][0].Extra = []string{"f"}
	(*want.PtrList)[0].Extra = []string{"g"}
	want.Tree = full().Tree
	if !reflect.DeepEqual(obj, want) {
		t.Errorf("got  %+v\nwant %+v", obj, want)
	}
}

func TestFeatureGatesInUse(t *testing.T) {
	if got := RootFeatureGatesInUse(full()); !slices.Equal(got, all) {
		t.Errorf("full: %q, want %q", got, all)
	}
	if got := RootFeatureGatesInUse(cleared()); !slices.Equal(got, []string{"TurboMode"}) {
		t.Errorf("cleared: %q, want only the gated value's TurboMode", got)
	}
	if got := RootFeatureGatesInUse(&Root{}); got != nil {
		t.Errorf("empty: %q, want nil", got)
	}
	if got := NodeFeatureGatesInUse(&Node{Children: []Node{{Weight: i32(1)}}}); !slices.Equal(got, []string{"GateD"}) {
		t.Errorf("node: %q", got)
	}
}
