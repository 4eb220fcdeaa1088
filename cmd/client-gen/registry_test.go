package main

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister"
	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/markers"
)

// TestOneRegistry registers client-gen, lister-gen and informer-gen in one
// registry, as `apigen generate` will, in every order. Defining a marker
// twice would panic. The listing `apigen markers` prints from it must
// then have one entry per marker and place, and the markers the three
// read must be the shared definitions.
func TestOneRegistry(t *testing.T) {
	gens := map[string]func() *engine.Generator{
		"client-gen":   func() *engine.Generator { return (&client.Generator{}).Engine() },
		"lister-gen":   func() *engine.Generator { return (&lister.Generator{}).Engine() },
		"informer-gen": func() *engine.Generator { return (&informer.Generator{}).Engine() },
	}
	for _, order := range [][]string{
		{"client-gen", "lister-gen", "informer-gen"},
		{"client-gen", "informer-gen", "lister-gen"},
		{"lister-gen", "client-gen", "informer-gen"},
		{"lister-gen", "informer-gen", "client-gen"},
		{"informer-gen", "client-gen", "lister-gen"},
		{"informer-gen", "lister-gen", "client-gen"},
	} {
		t.Run(strings.Join(order, ","), func(t *testing.T) {
			var list []*engine.Generator
			for _, name := range order {
				list = append(list, gens[name]())
			}
			var reg *markers.Registry
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("engine.Registry panicked: %v", r)
					}
				}()
				reg = engine.Registry(list...)
			}()
			checkListing(t, reg)
			checkParse(t, reg)
		})
	}
}

// checkListing checks the registry's definitions as `apigen markers` lists
// them: one line per definition, and no marker twice at one place.
func checkListing(t *testing.T, reg *markers.Registry) {
	t.Helper()
	defs := reg.Definitions()
	seen := map[string]string{} // "name place" → its listing line
	for _, d := range defs {
		line := fmt.Sprintf("+%s=%s\t%s\t%s", d.Name, d.Value, d.Place, d.Help)
		for _, place := range []markers.Place{markers.Package, markers.Type, markers.Field, markers.Func} {
			if d.Place&place == 0 {
				continue
			}
			key := d.Name + " " + place.String()
			if prev, dup := seen[key]; dup {
				t.Errorf("+%s is listed twice for %s:\n  %s\n  %s", d.Name, place, prev, line)
			}
			seen[key] = line
		}
	}
	want := append(slices.Clone(markers.GenClientDefinitions), markers.GroupName.Definition, markers.GroupGoName.Definition, markers.ResourceName.Definition)
	for _, w := range want {
		n := 0
		for _, d := range defs {
			if d.Name != w.Name {
				continue
			}
			n++
			if d != w {
				t.Errorf("+%s is not the shared definition from package markers", d.Name)
			}
		}
		if n != 1 {
			t.Errorf("+%s is listed %d times, want once", w.Name, n)
		}
	}
	// lister-gen's genclient package exports the same pointers.
	for i, d := range genclient.Definitions {
		if d != markers.GenClientDefinitions[i] {
			t.Errorf("genclient.Definitions[%d] (+%s) is not the shared definition", i, d.Name)
		}
	}
	if genclient.GroupGoNameMarker != markers.GroupGoName || genclient.ResourceNameMarker != markers.ResourceName {
		t.Error("genclient's +groupGoName or +resourceName is not the shared definition")
	}
}

// checkParse parses one type's markers through the registry: each bad
// marker is reported once, at its line, and good ones parse. An unknown
// verb in a verb list is a warning, and the list is kept, as upstream
// passes over the verb.
func checkParse(t *testing.T, reg *markers.Registry) {
	t.Helper()
	texts := []string{
		"+genclient",
		"+genclient:nonNamespaced",
		"+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
		"+genclient:method=Frob,verb=frob",
		"+genclient:skipVerbs=watch,unwatch",
		"+resourceName=things",
		"+genclient:nonNamespace",
	}
	var lines []markers.Line
	for i, text := range texts {
		lines = append(lines, markers.Line{Text: text, Pos: token.Position{Filename: "types.go", Line: i + 1, Column: 1}})
	}
	var diags diag.List
	set := reg.Parse(lines, markers.Type, &diags)
	if len(set) != 5 {
		t.Errorf("parsed %d markers, want 5: %v", len(set), set)
	}
	var got []string
	for _, d := range diags.Sorted() {
		got = append(got, d.String())
	}
	want := []string{
		`types.go:4:1: invalid value "Frob,verb=frob" for +genclient:method: unknown verb "frob"; a method's verb is one of create, update, get, list, patch, apply`,
		`types.go:5:1: warning: invalid value "watch,unwatch" for +genclient:skipVerbs: unknown verb "unwatch", which means nothing; the verbs are create, update, updateStatus, delete, deleteCollection, get, list, watch, patch, apply, applyStatus`,
		`types.go:7:1: unknown marker +genclient:nonNamespace; did you mean +genclient:nonNamespaced?`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
