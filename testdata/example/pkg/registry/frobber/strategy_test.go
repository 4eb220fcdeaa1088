package frobber

import (
	"context"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/utils/ptr"

	v6 "example.com/frobbers/apis/frobbers/v6"
)

// gates turns on the named feature gates and no others.
func gates(on ...string) func(string) bool {
	return func(g string) bool { return slices.Contains(on, g) }
}

func withWidth(w int32) *v6.Frobber {
	return &v6.Frobber{Spec: v6.FrobberSpec{Height: 3, Width: ptr.To(w)}}
}

// withHints sets Hints on the second of two ports and on a port of the map.
func withHints() *v6.Frobber {
	return &v6.Frobber{Spec: v6.FrobberSpec{
		Ports: []v6.FrobberPort{
			{Name: "a", Port: 80},
			{Name: "b", Port: 81, Hints: []string{"zone-a"}},
		},
		PortsByName: map[string]v6.FrobberPort{"c": {Name: "c", Port: 82, Hints: []string{"zone-b"}}},
	}}
}

func withoutHints() *v6.Frobber {
	f := withHints()
	f.Spec.Ports[1].Hints = nil
	f.Spec.PortsByName["c"] = v6.FrobberPort{Name: "c", Port: 82}
	return f
}

func TestPrepare(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		enabled  []string
		obj, old *v6.Frobber // old nil: create
		want     *v6.Frobber
	}{
		{name: "create, gate off: dropped", obj: withWidth(5), want: &v6.Frobber{Spec: v6.FrobberSpec{Height: 3}}},
		{name: "create, gate on: kept", enabled: []string{"Frobber2D"}, obj: withWidth(5), want: withWidth(5)},
		{name: "update, gate off, old unset: dropped", obj: withWidth(5), old: &v6.Frobber{Spec: v6.FrobberSpec{Height: 3}}, want: &v6.Frobber{Spec: v6.FrobberSpec{Height: 3}}},
		{name: "update, gate off, old set: kept", obj: withWidth(5), old: withWidth(4), want: withWidth(5)},
		{name: "update, gate on: kept", enabled: []string{"Frobber2D"}, obj: withWidth(5), old: &v6.Frobber{}, want: withWidth(5)},
		{name: "another gate on does not keep it", enabled: []string{"FrobberPortHints"}, obj: withWidth(5), want: &v6.Frobber{Spec: v6.FrobberSpec{Height: 3}}},
		{name: "list element and map value, create, gate off: dropped in each", obj: withHints(), want: withoutHints()},
		{name: "list element and map value, create, gate on: kept", enabled: []string{"FrobberPortHints"}, obj: withHints(), want: withHints()},
		{name: "list element, update, gate off, old uses it in another element: kept", obj: withHints(),
			old: &v6.Frobber{Spec: v6.FrobberSpec{Ports: []v6.FrobberPort{{Name: "z", Hints: []string{"x"}}}}}, want: withHints()},
		{name: "list element, update, gate off, old without it: dropped", obj: withHints(), old: withoutHints(), want: withoutHints()},
		{name: "other gates stay independent", enabled: []string{"Frobber2D"}, obj: func() *v6.Frobber { f := withHints(); f.Spec.Width = ptr.To[int32](2); return f }(),
			want: func() *v6.Frobber { f := withoutHints(); f.Spec.Width = ptr.To[int32](2); return f }()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Strategy{Enabled: gates(tc.enabled...)}
			if tc.old == nil {
				s.PrepareForCreate(ctx, tc.obj)
			} else {
				old := tc.old.DeepCopy()
				s.PrepareForUpdate(ctx, tc.obj, tc.old)
				if !equality.Semantic.DeepEqual(old, tc.old) {
					t.Errorf("old changed: %+v", tc.old)
				}
			}
			if !equality.Semantic.DeepEqual(tc.obj, tc.want) {
				t.Errorf("got  %+v\nwant %+v", tc.obj.Spec, tc.want.Spec)
			}
		})
	}
}

func TestFeatureGatesInUse(t *testing.T) {
	for _, tc := range []struct {
		obj  *v6.Frobber
		want []string
	}{
		{&v6.Frobber{}, nil},
		{withWidth(1), []string{"Frobber2D"}},
		{withHints(), []string{"FrobberPortHints"}},
		{func() *v6.Frobber { f := withHints(); f.Spec.Width = ptr.To[int32](2); return f }(), []string{"Frobber2D", "FrobberPortHints"}},
	} {
		if got := v6.FrobberFeatureGatesInUse(tc.obj); !slices.Equal(got, tc.want) {
			t.Errorf("FrobberFeatureGatesInUse(%+v) = %q, want %q", tc.obj.Spec, got, tc.want)
		}
	}
}
