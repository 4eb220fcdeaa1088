package modelname_test

import (
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/modelname"
	names "github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

func TestModelPackageGrammar(t *testing.T) {
	for raw, ok := range map[string]bool{
		"io.k8s.api.core.v1":                              true,
		"io.k8s.sample-apiserver.pkg.apis.wardle.v1beta1": true,
		"io.k8s.metrics.pkg.apis.custom_metrics.v1beta2":  true,
		"v1":                 true,
		"":                   false,
		".io.k8s":            false,
		"io.k8s.":            false,
		"io..k8s":            false,
		"io.k8s/api":         false,
		`io.k8s"`:            false,
		"io.k8s.api // note": false,
		"io.k8s.api\tv1":     false,
		`io\k8s`:             false,
	} {
		_, err := names.ModelPackage{}.Parse(raw)
		if (err == nil) != ok {
			t.Errorf("Parse(%q) error = %v, want ok = %v", raw, err, ok)
		}
		// Upstream pastes the value into a string literal: only a quote
		// or backslash breaks it; the others are warnings.
		_, lenient := err.(*markers.Lenient)
		if want := !ok && !strings.ContainsAny(raw, `"\`); lenient != want {
			t.Errorf("Parse(%q) error = %#v, want a Lenient one: %v", raw, err, want)
		}
	}
}

// TestLookup checks the answers the openapi generator gets for the
// behaviour fixture's types.
func TestLookup(t *testing.T) {
	res, diags := load.Load(load.Config{Dir: "../../testdata/modelname/behaviour", Patterns: []string{"./..."}})
	if diags.Len() > 0 {
		t.Fatalf("load: %v", diags.Sorted())
	}
	m := model.Build(res, engine.Registry((&modelname.Generator{}).Engine()), diags)
	if diags.Len() > 0 {
		t.Fatalf("model: %v", diags.Sorted())
	}
	for _, c := range []struct {
		pkg, name string
		want      string // "" for none
	}{
		{"tagged", "Widget", "com.example.tagged"},
		{"tagged", "Gadget", "com.example.other"},
		{"tagged", "Detached", "com.example.tagged"},
		{"tagged", "Name", "com.example.tagged"}, // not a struct, but tagged all the same
		{"typeonly", "Chosen", "com.example.typeonly"},
		{"typeonly", "Plain", ""},
		{"notdoc", "Plain", ""},
		{"afterclause", "Thing", "io.example.after-clause_1"},
	} {
		typ := m.Universe.Type(types.Name{Package: "modelname.example/" + c.pkg, Name: c.name})
		got, ok := names.Lookup(m, typ)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Lookup(%s.%s) = %q, %v; want %q", c.pkg, c.name, got, ok, c.want)
		}
	}
	// A type of a package the model did not read has no answer.
	if got, ok := names.Lookup(m, &types.Type{Name: types.Name{Package: "example.invalid/p", Name: "T"}}); ok {
		t.Errorf("Lookup of an unread package's type = %q, want none", got)
	}
}
