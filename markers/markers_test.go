package markers

import (
	"go/token"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/diag"
)

func testRegistry() *Registry {
	r := &Registry{}
	r.Define(
		&Definition{Name: "k8s:thing-gen", Place: Package, Value: OneOf{"package", "false"}},
		&Definition{Name: "k8s:thing-gen", Place: Type, Value: OneOf{"true", "false"}},
		&Definition{Name: "k8s:thing-gen:refs", Place: Type, Value: TypeRefs{}, Repeatable: true},
		&Definition{Name: "k8s:thing-gen:once", Place: Type, Value: OneOf{"x"}, Once: true},
		&Definition{Name: "listType", Place: Type, Value: OneOf{"atomic", "set", "map"}},
	)
	r.Own("k8s:thing-gen")
	return r
}

func lines(texts ...string) []Line {
	var out []Line
	for i, t := range texts {
		out = append(out, Line{Text: t, Pos: token.Position{Filename: "f.go", Line: i + 1, Column: 1}})
	}
	return out
}

func TestParse(t *testing.T) {
	cases := []struct {
		name  string
		at    Place
		lines []string
		found int
		diags []string // substrings, in order
	}{
		{"valid type marker", Type, []string{"+k8s:thing-gen=true"}, 1, nil},
		{"valid package marker", Package, []string{" +k8s:thing-gen=package"}, 1, nil},
		{"foreign markers are ignored", Type, []string{"+genclient", "+k8s:other=x", "+optional"}, 0, nil},
		{"prose is ignored", Type, []string{"Thing does things.", "", "a + b"}, 0, nil},
		{"unknown in owned name space", Type, []string{"+k8s:thing-gen:ref=a.B"}, 0,
			[]string{"f.go:1:1: warning: unknown marker +k8s:thing-gen:ref; did you mean +k8s:thing-gen:refs?"}},
		{"misspelled name space", Type, []string{"+k8s:thinggen=true"}, 0, []string{"warning: unknown marker +k8s:thinggen"}},
		{"misspelt marker of no name space", Type, []string{"+listtype=atomic", "+lsitType=set", "+listTyp=map"}, 0, []string{
			"f.go:1:1: warning: unknown marker +listtype; did you mean +listType?",
			"f.go:2:1: warning: unknown marker +lsitType; did you mean +listType?",
			"f.go:3:1: warning: unknown marker +listTyp; did you mean +listType?"}},
		{"foreign markers of no name space", Type, []string{"+build linux", "+listKey=a", "+lists", "+types=a"}, 0, nil},
		{"bad value", Type, []string{"+k8s:thing-gen=maybe"}, 0, []string{`invalid value "maybe" for +k8s:thing-gen: allowed values are true, false`}},
		{"value for the other place", Type, []string{"+k8s:thing-gen=package"}, 0, []string{"allowed values are true, false"}},
		{"out of place", Package, []string{"+k8s:thing-gen:refs=a.B"}, 0, []string{"warning: marker +k8s:thing-gen:refs does not belong on a package; it goes on a type"}},
		{"prose on a function", Func, []string{"+k8s:thing-gen=true on T makes", "+k8s:thing-gen:refs=a.B"}, 0, nil},
		{"prose on a constant", Const, []string{"+k8s:thing-gen=true on T makes"}, 0, nil},
		{"unknown on a function", Func, []string{"+k8s:thing-gen:ref=a.B"}, 0, []string{"warning: unknown marker +k8s:thing-gen:ref"}},
		{"repeated", Type, []string{"+k8s:thing-gen=true", "+k8s:thing-gen=false"}, 1, []string{"f.go:2:1: marker +k8s:thing-gen given again (first at line 1)"}},
		{"repeated alike", Type, []string{"+k8s:thing-gen=true", "+k8s:thing-gen=true"}, 1, []string{"f.go:2:1: warning: marker +k8s:thing-gen given again with the same value (first at line 1); the repeat has no effect"}},
		{"repeated alike, once", Type, []string{"+k8s:thing-gen:once=x", "+k8s:thing-gen:once=x"}, 1, []string{"f.go:2:1: marker +k8s:thing-gen:once given again (first at line 1)"}},
		{"repeatable", Type, []string{"+k8s:thing-gen:refs=a.B", "+k8s:thing-gen:refs=c/d.E,f.G"}, 2, nil},
		{"bad type name", Type, []string{"+k8s:thing-gen:refs=notqualified"}, 0, []string{"is not a fully qualified type name"}},
		{"arguments", Type, []string{"+k8s:thing-gen(x)=true"}, 0, []string{"takes no arguments"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d diag.List
			set := testRegistry().Parse(lines(c.lines...), c.at, &d)
			if len(set) != c.found {
				t.Errorf("found %d markers, want %d", len(set), c.found)
			}
			got := d.Sorted()
			if len(got) != len(c.diags) {
				t.Fatalf("got diagnostics %v, want %d", got, len(c.diags))
			}
			for i, want := range c.diags {
				if !strings.Contains(got[i].String(), want) {
					t.Errorf("diagnostic %q lacks %q", got[i], want)
				}
			}
		})
	}
}

func TestTypeRefsValue(t *testing.T) {
	var d diag.List
	set := testRegistry().Parse(lines("+k8s:thing-gen:refs=k8s.io/x/runtime.Object,,a/b.C"), Type, &d)
	refs := set[0].Value.([]*TypeRef)
	if len(refs) != 2 || refs[0].Package != "k8s.io/x/runtime" || refs[0].Name != "Object" || refs[1].Name != "C" {
		t.Errorf("refs = %+v", refs)
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "abd", 1}, {"deepcopygen", "deepcopy-gen", 1}, {"", "ab", 2}, {"kitten", "sitting", 3}} {
		if got := distance(c.a, c.b); got != c.d {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// TestOwnStrictly: in a name space upstream polices (client-gen's
// "genclient…" on types), an unknown marker on a type is an error; on a
// package, and a misspelling of the name space, it is a warning.
func TestOwnStrictly(t *testing.T) {
	r := &Registry{}
	r.Define(&Definition{Name: "genthing", Place: Type, Value: Text{}})
	r.OwnStrictly("genthing")
	for _, c := range []struct {
		at   Place
		line string
		want string
	}{
		{Type, "+genthing:nonNamespace", "f.go:1:1: unknown marker +genthing:nonNamespace; did you mean +genthing?"},
		{Type, "+genthingx", "f.go:1:1: unknown marker +genthingx; did you mean +genthing?"},
		{Package, "+genthing:nonNamespace", "f.go:1:1: warning: unknown marker +genthing:nonNamespace; did you mean +genthing?"},
		{Type, "+genthng", "f.go:1:1: warning: unknown marker +genthng; did you mean +genthing?"},
	} {
		var d diag.List
		r.Parse(lines(c.line), c.at, &d)
		if got := d.Sorted(); len(got) != 1 || got[0].String() != c.want {
			t.Errorf("%s on a %s: got %v, want %q", c.line, c.at, got, c.want)
		}
	}
}
