package markers_test

import (
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/markers"
)

// FuzzParse feeds comment lines to the registry of every generator, at
// every place. Parsing must not panic, and must give the same markers and
// diagnostics twice.
func FuzzParse(f *testing.F) {
	reg := all.Specs.Registry()
	seeds := refmodtest.ReadSeeds(f, "../testdata")
	for _, l := range seeds.MarkerLines {
		f.Add(l, uint8(0))
	}
	for i, d := range reg.Definitions() {
		for _, v := range []string{"", "true", "false", "package", "x,y", "k8s.io/api/core/v1.Pod", `{"a":1}`, "ref(Foo)", "1.30", "apps,v1,Deployment"} {
			f.Add("+"+d.Name+"="+v, uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, text string, at uint8) {
		place := markers.Place(1 << (at % 5))
		parse := func() (markers.Set, string) {
			var lines []markers.Line
			for i, l := range strings.Split(text, "\n") {
				lines = append(lines, markers.Line{Text: l, Pos: token.Position{Filename: "f.go", Line: i + 1, Column: 1}})
			}
			var diags diag.List
			set := reg.Parse(lines, place, &diags)
			var out strings.Builder
			diags.Print(&out)
			return set, out.String()
		}
		set1, d1 := parse()
		set2, d2 := parse()
		if d1 != d2 || !reflect.DeepEqual(set1, set2) {
			t.Errorf("two parses of %q at %s differ:\n%v %s\n%v %s", text, place, set1, d1, set2, d2)
		}
	})
}
