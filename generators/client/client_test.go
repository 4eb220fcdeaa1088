package client

import (
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
)

func TestParseInputs(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		base   string
		values []string
		want   []Input
	}{
		{"k8s.io/api", []string{"apps/v1", "core/v1", "/v1"}, []Input{
			{Arg: "apps/v1", Group: "apps", Version: "v1", Pattern: "k8s.io/api/apps/v1"},
			{Arg: "core/v1", Group: "core", Version: "v1", Pattern: "k8s.io/api/core/v1"},
			{Arg: "/v1", Group: "", Version: "v1", Pattern: "k8s.io/api/core/v1"},
		}},
		{"example.com/apis", []string{"things", "things/", "x/y/things/v2"}, []Input{
			{Arg: "things", Group: "things", Pattern: "example.com/apis/things"},
			{Arg: "things/", Group: "things", Pattern: "example.com/apis/things"},
			{Arg: "x/y/things/v2", Group: "things", Version: "v2", Pattern: "example.com/apis/x/y/things/v2"},
		}},
		{"/abs/apis", []string{"wardle/v1alpha1"}, []Input{
			{Arg: "wardle/v1alpha1", Group: "wardle", Version: "v1alpha1", Pattern: filepath.FromSlash("/abs/apis/wardle/v1alpha1")},
		}},
		{"./pkg/apis", []string{"wardle/v1"}, []Input{
			{Arg: "wardle/v1", Group: "wardle", Version: "v1", Pattern: filepath.Join(dir, "pkg/apis/wardle/v1")},
		}},
	}
	for _, c := range cases {
		got, err := ParseInputs(c.values, c.base, dir)
		if err != nil {
			t.Errorf("ParseInputs(%v, %q): %v", c.values, c.base, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseInputs(%v, %q) =\n%+v\nwant\n%+v", c.values, c.base, got, c.want)
		}
	}
	if p := Patterns(cases[0].want); !reflect.DeepEqual(p, []string{"k8s.io/api/apps/v1", "k8s.io/api/core/v1"}) {
		t.Errorf("Patterns = %v, want each package once", p)
	}
}

// TestSplitType checks how input= and result= values name a type. The
// grammar of +genclient:method is tested in the markers package.
func TestSplitType(t *testing.T) {
	for _, c := range []struct{ ref, pkg, name string }{
		{"k8s.io/api/autoscaling/v1.Scale", "k8s.io/api/autoscaling/v1", "Scale"},
		{"Scale", "", "Scale"},
	} {
		if pkg, name := splitType(c.ref); pkg != c.pkg || name != c.name {
			t.Errorf("splitType(%q) = %q, %q; want %q, %q", c.ref, pkg, name, c.pkg, c.name)
		}
	}
}

// readTagsOf parses type markers the way the model does.
func readTagsOf(t *testing.T, lines ...string) tags {
	t.Helper()
	reg := &markers.Registry{}
	(&Generator{}).Define(reg)
	var ls []markers.Line
	for i, l := range lines {
		ls = append(ls, markers.Line{Text: l, Pos: token.Position{Filename: "types.go", Line: i + 1, Column: 1}})
	}
	var d diag.List
	set := reg.Parse(ls, markers.Type, &d)
	if d.Len() > 0 {
		t.Fatalf("markers %q: %v", lines, d.Sorted())
	}
	return readTags(set)
}

func TestReadTags(t *testing.T) {
	cases := []struct {
		lines []string
		skip  []string
	}{
		{[]string{"+genclient"}, nil},
		{[]string{"+genclient", "+genclient:skipVerbs=watch,patch"}, []string{"watch", "patch"}},
		{[]string{"+genclient", "+genclient:readonly"}, []string{"create", "update", "updateStatus", "delete", "deleteCollection", "patch", "apply", "applyStatus"}},
		// readonly adds to onlyVerbs, and both replace skipVerbs.
		{[]string{"+genclient", "+genclient:readonly", "+genclient:onlyVerbs=create", "+genclient:skipVerbs=get"},
			[]string{"update", "updateStatus", "delete", "deleteCollection", "patch", "apply", "applyStatus"}},
	}
	for _, c := range cases {
		got := readTagsOf(t, c.lines...)
		if !got.genclient || !reflect.DeepEqual(got.skip, c.skip) {
			t.Errorf("%q: genclient %v, skip %v; want skip %v", c.lines, got.genclient, got.skip, c.skip)
		}
	}
	tg := readTagsOf(t, "+genclient", "+genclient:nonNamespaced", "+genclient:noStatus", "+resourceName=things",
		"+genclient:method=A,verb=get", "+genclient:method=B,verb=list")
	if !tg.nonNamespaced || !tg.noStatus || tg.noVerbs || tg.resourceName != "things" || len(tg.methods) != 2 || tg.methods[1].Name != "B" {
		t.Errorf("tags = %+v", tg)
	}
}

// TestDefaultVersion checks the order that picks the version an internal
// clientset installs a group through: stable after beta after alpha.
func TestDefaultVersion(t *testing.T) {
	v := byStability{"v4beta1", "v2beta1", "v2alpha1", "v3", "v1"}
	sort.Sort(v)
	if want := (byStability{"v2alpha1", "v2beta1", "v4beta1", "v1", "v3"}); !reflect.DeepEqual(v, want) {
		t.Errorf("sorted versions = %v, want %v", v, want)
	}
}
