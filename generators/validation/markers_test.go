package validation

import (
	"go/token"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
)

func TestTagMarkers(t *testing.T) {
	reg := &markers.Registry{}
	(&Generator{}).Define(reg)
	cases := []struct {
		at    markers.Place
		line  string
		found int
		diag  string // substring; "" for none
	}{
		{markers.Field, "+k8s:required", 1, ""},
		{markers.Field, "+k8s:maxLength=10", 1, ""},
		{markers.Field, "+k8s:eachVal=+k8s:minimum=1", 1, ""},
		{markers.Field, "+k8s:requried", 0, "unknown marker +k8s:requried"},
		// A bad payload is a warning where read: upstream checks tags only
		// on the types it validates, where the generator makes it an error.
		{markers.Field, "+k8s:maxLength", 1, "warning: invalid +k8s:maxLength: missing required tag value"},
		{markers.Field, "+k8s:eachVal=+k8s:maxLenght=3", 0, "unknown validation tag +k8s:maxLenght"},
		{markers.Type, "+k8s:opaqueType.", 0, ""}, // prose: it ends a sentence
		{markers.Package, "+k8s:validation-gen=*", 1, ""},
		{markers.Package, "+k8s:validation-gen=TypesWithField=", 0, "TypesWithField needs a value"},
		{markers.Package, "+k8s:validation-gen=Everything", 0, `unknown value "Everything"`},
		{markers.Type, "+k8s:validation-gen=true", 1, ""},
	}
	for _, c := range cases {
		var diags diag.List
		got := reg.Parse([]markers.Line{{Text: c.line, Pos: token.Position{Filename: "f.go", Line: 7}}}, c.at, &diags)
		var msgs []string
		for _, d := range diags.Sorted() {
			msgs = append(msgs, d.String())
		}
		all := strings.Join(msgs, "\n")
		if len(got) != c.found || (c.diag == "") != (all == "") || !strings.Contains(all, c.diag) {
			t.Errorf("%s: found %d markers (want %d), diagnostics %q (want %q)", c.line, len(got), c.found, all, c.diag)
		}
		if c.diag != "" && !strings.HasPrefix(all, "f.go:7") {
			t.Errorf("%s: diagnostic %q lacks the position", c.line, all)
		}
	}
}
