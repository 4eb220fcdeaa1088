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

var (
	word  = markers.Typed[string](&markers.Definition{Name: "k8s:typed:word", Place: markers.Type, Value: markers.OneOf{"a", "b"}})
	refs  = markers.Typed[[]*markers.TypeRef](&markers.Definition{Name: "k8s:typed:refs", Place: markers.Type, Value: markers.TypeRefs{}, Repeatable: true})
	other = markers.Typed[bool](&markers.Definition{Name: "k8s:typed:other", Place: markers.Type, Value: markers.Switch{}})
)

func parse(t *testing.T, reg *markers.Registry, texts ...string) markers.Set {
	t.Helper()
	var lines []markers.Line
	for i, text := range texts {
		lines = append(lines, markers.Line{Text: text, Pos: token.Position{Filename: "f.go", Line: i + 1}})
	}
	var d diag.List
	set := reg.Parse(lines, markers.Type, &d)
	if d.HasErrors() {
		t.Fatalf("diagnostics: %v", d.Sorted())
	}
	return set
}

func TestTypedReads(t *testing.T) {
	reg := &markers.Registry{}
	reg.Define(word.Definition, refs.Definition, other.Definition)
	set := parse(t, reg, "+k8s:typed:refs=a/b.C", "+k8s:typed:word=b", "+k8s:typed:refs=d/e.F,g/h.I")
	if v, ok := word.Get(set); !ok || v != "b" {
		t.Errorf("word.Get = %q, %v", v, ok)
	}
	if _, mk, ok := word.Lookup(set); !ok || mk.Pos.Line != 2 {
		t.Errorf("word.Lookup found line %d, %v", mk.Pos.Line, ok)
	}
	if other.Has(set) || !refs.Has(set) {
		t.Errorf("Has: other %v, refs %v", other.Has(set), refs.Has(set))
	}
	if v, ok := other.Get(set); ok || v {
		t.Errorf("other.Get = %v, %v; want the zero value", v, ok)
	}
	var names []string
	for _, rs := range refs.All(set) {
		for _, r := range rs {
			names = append(names, r.Name)
		}
	}
	if got := strings.Join(names, ","); got != "C,F,I" {
		t.Errorf("refs.All names %s", got)
	}
	var lines []int
	for m, rs := range refs.Each(set) {
		lines = append(lines, m.Pos.Line*10+len(rs))
	}
	if !reflect.DeepEqual(lines, []int{11, 32}) {
		t.Errorf("refs.Each lines and lengths %v", lines)
	}
	if _, ok := word.Of(set[0]); ok {
		t.Error("word.Of took a marker of refs")
	}
	if v, ok := markers.ValueOf[string](set[1]); !ok || v != "b" {
		t.Errorf("ValueOf[string] = %q, %v", v, ok)
	}
	if _, ok := markers.ValueOf[string](set[0]); ok {
		t.Error("ValueOf[string] took a marker declared to yield []*TypeRef")
	}
}

// TestTypedWrongType: a grammar that yields another type than its Def
// declares stops at the first marker parsed, naming both types.
func TestTypedWrongType(t *testing.T) {
	bad := markers.Typed[int](&markers.Definition{Name: "k8s:typed:bad", Place: markers.Type, Value: markers.Text{}})
	reg := &markers.Registry{}
	reg.Define(bad.Definition)
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "+k8s:typed:bad") || !strings.Contains(msg, "yields string, not int") {
			t.Errorf("panic %q", msg)
		}
	}()
	parse(t, reg, "+k8s:typed:bad=x")
	t.Error("no panic")
}

func TestTypedTwice(t *testing.T) {
	d := &markers.Definition{Name: "k8s:typed:twice", Place: markers.Type, Value: markers.Text{}}
	markers.Typed[string](d)
	markers.Typed[string](d) // the same type again: no panic
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	markers.Typed[int](d)
}

// TestTypedDefinitionsParse parses the marker lines of k8s.io/api and
// testdata, and a few values for every definition (the forms its grammar
// lists among them), with the registry of
// every generator. The registry checks each value's type as it parses it,
// so a typed definition whose grammar yields another type panics here;
// each typed definition must parse at least once, so that it is checked.
func TestTypedDefinitionsParse(t *testing.T) {
	reg := all.Specs.Registry()
	parsed := map[*markers.Definition]bool{}
	read := func(texts []string, places markers.Place) {
		for at := markers.Package; at <= markers.Const; at <<= 1 {
			if places&at == 0 {
				continue
			}
			for _, text := range texts {
				for _, m := range reg.Parse([]markers.Line{{Text: text}}, at, &diag.List{}) {
					parsed[m.Def] = true
				}
			}
		}
	}
	var seeds []string
	for _, text := range refmodtest.ReadSeeds(t, "../testdata").MarkerLines {
		if reg.Claims(markers.TagName(text)) {
			seeds = append(seeds, text)
		}
	}
	read(seeds, markers.Package|markers.Type|markers.Field|markers.Func|markers.Const)
	values := []string{"", "true", "false", "package", "x", "k8s.io/api/core/v1.Pod", `{"a":1}`, "1.30", "apps,v1,Deployment", "Foo,verb=get"}
	for _, d := range reg.Definitions() {
		if markers.Yields(d) == nil || parsed[d] {
			continue
		}
		texts := []string{"+" + d.Name}
		for _, v := range append(values, strings.Split(d.Value.String(), "|")...) {
			texts = append(texts, "+"+d.Name+"="+v, "+"+d.Name+":"+v)
		}
		read(texts, d.Place)
		if !parsed[d] {
			t.Errorf("+%s (%s) never parsed, so its type %v is not checked", d.Name, d.Place, markers.Yields(d))
		}
	}
}
