package paritytest

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/applyconfig"
)

// SchemeOrder returns the group versions that a shipped scheme/register.go
// adds to its scheme, in order, as paths below apiBase: the client-gen
// --input order that reproduces it.
func SchemeOrder(t testing.TB, file, apiBase string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	imports := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = p
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "localSchemeBuilder" {
			return true
		}
		for _, elt := range spec.Values[0].(*ast.CompositeLit).Elts {
			sel := elt.(*ast.SelectorExpr)
			p, ok := strings.CutPrefix(imports[sel.X.(*ast.Ident).Name], apiBase+"/")
			if !ok || sel.Sel.Name != "AddToScheme" {
				t.Fatalf("%s: unexpected scheme entry %s.%s", file, sel.X, sel.Sel.Name)
			}
			out = append(out, p)
		}
		return false
	})
	return out
}

// WriteApplySchema writes to file the OpenAPI v2 document that our
// applyconfiguration-gen builds in process for pkgs, loaded in dir: what
// upstream's --openapi-schema takes, and gets from Kubernetes'
// models-schema program.
func WriteApplySchema(t testing.TB, dir string, pkgs []string, file string) {
	t.Helper()
	g := &applyconfig.Generator{External: applyconfig.DefaultExternal(), Schema: applyconfig.SchemaSource{InProcess: true}, Dir: dir, Patterns: pkgs}
	_, m, diags := engine.Open(engine.Options{Dir: dir, Patterns: pkgs}, g.Engine())
	if m == nil || diags.HasErrors() {
		t.Fatalf("loading %v: %v", pkgs, diags.Err())
	}
	doc := g.Document(m, diags)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
