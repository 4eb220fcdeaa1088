package featuregate_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/featuregate"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const (
	apiModule      = "k8s.io/api"
	apiVersion     = "v0.37.2"
	kubeOutputFile = "zz_generated.featuregate.go"
	depModule      = "k8s.io/apimachinery" // the one module whose types k8s.io/api's types hold
	metaV1         = depModule + "/pkg/apis/meta/v1"
	kubeOptInLine  = "// +k8s:featuregate-gen=package"
	checkDir       = "featuregatecheck" // the driver's directory in the copy

	wantFields = 217 // gated struct fields in k8s.io/api v0.37.2
	wantConsts = 1   // gated enum values (apps/v1 RecreateStatefulSetStrategyType)
)

// TestKubernetesAPI opts every package of k8s.io/api that has a +featureGate
// marker in, generates the helpers, and checks them, field by field and kind
// by kind, with a driver compiled against the generated code. The gated
// fields come from the source, read here with go/ast and not through the
// generator's model.
func TestKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and compiles k8s.io/api")
	}
	start := time.Now()
	dir := refmodtest.Copy(t, apiModule+"@"+apiVersion)
	s := scanKubeModule(t, dir)
	apiFields := checkCounts(t, s)
	logRuleBreakers(t, apiFields)

	// Opt in every package that holds a marker, then generate for exactly those.
	opted := s.markedPackages()
	for _, p := range opted {
		optInPackage(t, s.docFiles[p])
	}
	var stdout, stderr bytes.Buffer
	gen := &featuregate.Generator{OutputFile: kubeOutputFile}
	if code := engine.Run(engine.Options{Dir: dir, Patterns: opted, Stdout: &stdout, Stderr: &stderr}, gen.Engine()); code != 0 {
		t.Fatalf("generator: exit status %d\n%s%s", code, stdout.String(), stderr.String())
	}
	t.Logf("generated for %d packages in %v", len(opted), time.Since(start).Round(time.Second))

	reach := s.reach()
	checkHelperSets(t, s, opted, reach)
	goInCopy(t, dir, append([]string{"vet"}, opted...)...)

	// Kinds, the top-level objects of the opted-in packages, and their lists.
	optedSet := map[string]bool{}
	for _, p := range opted {
		optedSet[p] = true
	}
	var kinds, lists, outside []string
	for _, k := range s.objects("ObjectMeta") {
		switch {
		case optedSet[s.types[k].pkg]:
			kinds = append(kinds, k)
		case len(reach[k].fields) > 0 || len(reach[k].enums) > 0:
			outside = append(outside, k)
		}
	}
	for _, k := range s.objects("ListMeta") {
		if optedSet[s.types[k].pkg] {
			lists = append(lists, k)
		}
	}
	if len(outside) > 0 {
		t.Logf("%d kinds of packages without markers reach gated fields but get no helpers (not checked): %s", len(outside), strings.Join(outside, ", "))
	}

	rep := runDriver(t, dir, s, kinds, lists, reach)
	for _, f := range rep.Failures {
		t.Errorf("%s, field %s: %s: %s", f.Kind, f.Field, f.Check, f.Detail)
	}

	// The driver's reflection must agree with the go/ast reachability.
	reached := map[string]bool{}
	reaching := 0
	for _, k := range append(slices.Clip(kinds), lists...) {
		if len(reach[k].fields) > 0 && slices.Contains(kinds, k) {
			reaching++
		}
		var want []string
		for key := range reach[k].fields {
			want = append(want, key)
			if slices.Contains(kinds, k) {
				reached[key] = true
			}
		}
		slices.Sort(want)
		if got := rep.Reached[k]; !slices.Equal(got, want) {
			t.Errorf("%s: reflection reaches gated fields %v, the source %v", k, got, want)
		}
	}
	var unreached []string
	for _, f := range apiFields {
		if !reached[f.key()] {
			unreached = append(unreached, fmt.Sprintf("%s.%s (%s)", f.owner, f.name, f.pos))
		}
	}
	t.Logf("checked %d (kind, gated field) pairs over %d kinds (of %d in the opted-in packages), %d (list, gated field) pairs over %d lists, and %d (kind or list, gated enum value) pairs",
		rep.Pairs, reaching, len(kinds), rep.ListPairs, len(lists), rep.EnumPairs)
	t.Logf("of those %d field pairs, kinds' and lists', %d have a path that crosses a list, %d one that crosses a map", rep.Pairs+rep.ListPairs, rep.CrossList, rep.CrossMap)
	t.Logf("%d gated fields are reached by no kind:\n\t%s", len(unreached), strings.Join(unreached, "\n\t"))
	t.Logf("total %v", time.Since(start).Round(time.Second))
}

// checkCounts checks that every +featureGate line of the source belongs to
// a field or a constant, and the counts of k8s.io/api's; it returns
// k8s.io/api's gated fields and logs those of its dependency.
func checkCounts(t *testing.T, s *apiScan) []apiGatedField {
	markerLines, apiMarkers := 0, 0
	var apiFields, depFields []apiGatedField
	apiConsts := 0
	for _, f := range s.fields {
		markerLines += f.lines
		if f.dep {
			depFields = append(depFields, f)
			continue
		}
		apiMarkers += f.lines
		apiFields = append(apiFields, f)
	}
	for _, c := range s.consts {
		markerLines += c.lines
		if !c.dep {
			apiMarkers += c.lines
			apiConsts++
		}
	}
	if markerLines != s.rawMarkers {
		t.Fatalf("the source has %d +featureGate lines, but %d belong to a field or constant", s.rawMarkers, markerLines)
	}
	if len(apiFields) != wantFields || apiConsts != wantConsts {
		t.Fatalf("found %d gated fields and %d gated constants in %s; want %d and %d", len(apiFields), apiConsts, apiModule, wantFields, wantConsts)
	}
	t.Logf("%s: %d gated fields and %d gated constants (%d markers)", apiModule, len(apiFields), apiConsts, apiMarkers)
	var deps []string
	for _, f := range depFields {
		deps = append(deps, fmt.Sprintf("%s.%s.%s %v (%s)", f.pkg, f.owner, f.name, f.gates, f.pos))
	}
	t.Logf("%d gated fields in the packages of %s that %s uses:\n\t%s", len(deps), depModule, apiModule, strings.Join(deps, "\n\t"))
	return apiFields
}

// logRuleBreakers logs the gated fields that the API guide's rules for
// gated fields, optional and omitempty, do not hold for.
func logRuleBreakers(t *testing.T, fields []apiGatedField) {
	var rules []string
	for _, f := range fields {
		var why []string
		if !f.optional {
			why = append(why, "no +optional")
		}
		if !f.omitEmpty {
			why = append(why, "json tag without omitempty")
		}
		if why != nil {
			rules = append(rules, fmt.Sprintf("%s: %s.%s (%s)", f.pos, f.owner, f.name, strings.Join(why, ", ")))
		}
	}
	t.Logf("%d gated fields break the guide's rules:\n\t%s", len(rules), strings.Join(rules, "\n\t"))
}

// apiGatedField is a struct field with +featureGate markers.
type apiGatedField struct {
	pkg, owner, name string   // import path, declaring type, field
	gates            []string // every gate of every marker line
	lines            int      // marker lines
	optional         bool     // +optional in the doc
	omitEmpty        bool     // omitempty in the json tag
	pos              string   // file:line, relative to the module
	dep              bool     // declared in depModule
}

func (f apiGatedField) key() string { return f.pkg + "." + f.owner + "." + f.name }

// apiGatedConst is a constant with +featureGate markers: one value of an enum.
type apiGatedConst struct {
	pkg, typ, name, value string
	gates                 []string
	lines                 int
	pos                   string
	dep                   bool
}

// apiType is a named type declared in the module.
type apiType struct {
	pkg, name string
	spec      *ast.TypeSpec
	imports   map[string]string // the file's import names to paths
}

type apiScan struct {
	fields     []apiGatedField
	consts     []apiGatedConst
	rawMarkers int                 // +featureGate comment lines anywhere
	types      map[string]*apiType // by "importpath.Name"
	order      []string            // type keys in source order
	docFiles   map[string]string   // import path to doc.go
	imported   map[string]bool     // import paths of the files read
	errs       []string            // what the scan could not read
}

// scanKubeModule reads every hand-written .go file of k8s.io/api at dir, then
// the packages of depModule that those files import, transitively.
func scanKubeModule(t *testing.T, dir string) *apiScan {
	s := &apiScan{types: map[string]*apiType{}, docFiles: map[string]string{}, imported: map[string]bool{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); p != dir && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(dir, p)
		return s.pkg(fset, path.Join(apiModule, filepath.ToSlash(rel)), p, dir, "", false)
	})
	if err != nil {
		t.Fatal(err)
	}
	var mod struct{ Dir, Version string }
	if err := json.Unmarshal(goInCopy(t, dir, "list", "-m", "-json", depModule), &mod); err != nil {
		t.Fatal(err)
	}
	scanned := map[string]bool{}
	for more := true; more; {
		more = false
		for _, p := range slices.Sorted(maps.Keys(s.imported)) {
			rest, ok := strings.CutPrefix(p, depModule+"/")
			if !ok || scanned[p] {
				continue
			}
			scanned[p], more = true, true
			if err := s.pkg(fset, p, filepath.Join(mod.Dir, filepath.FromSlash(rest)), mod.Dir, depModule+"@"+mod.Version+"/", true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(s.errs) > 0 {
		t.Fatal(strings.Join(s.errs, "\n"))
	}
	return s
}

// pkg reads the hand-written .go files of the package pkg in dir; positions
// are relative to root, after prefix.
func (s *apiScan) pkg(fset *token.FileSet, pkg, dir, root, prefix string, dep bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "zz_generated") || strings.HasPrefix(name, "generated.") {
			continue
		}
		p := filepath.Join(dir, name)
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			continue
		}
		if name == "doc.go" && !dep {
			s.docFiles[pkg] = p
		}
		s.file(fset, root, prefix, pkg, f, dep)
	}
	return nil
}

// gates returns the gates of the +featureGate lines of doc and the number of
// those lines.
func markerGates(doc *ast.CommentGroup) (gs []string, lines int) {
	if doc == nil {
		return nil, 0
	}
	for _, c := range doc.List {
		v, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "+featureGate=")
		if !ok {
			continue
		}
		lines++
		for _, g := range strings.Split(v, ",") {
			gs = append(gs, strings.TrimSpace(g))
		}
	}
	return gs, lines
}

func docHasLine(doc *ast.CommentGroup, line string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimSpace(strings.TrimPrefix(c.Text, "//")) == line {
			return true
		}
	}
	return false
}

func (s *apiScan) file(fset *token.FileSet, root, prefix, pkg string, f *ast.File, dep bool) {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.Contains(c.Text, "+featureGate") {
				s.rawMarkers++
			}
		}
	}
	imports := map[string]string{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = p
		s.imported[p] = true
	}
	pos := func(n ast.Node) string {
		position := fset.Position(n.Pos())
		rel, _ := filepath.Rel(root, position.Filename)
		return fmt.Sprintf("%s%s:%d", prefix, filepath.ToSlash(rel), position.Line)
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				key := pkg + "." + spec.Name.Name
				s.types[key] = &apiType{pkg: pkg, name: spec.Name.Name, spec: spec, imports: imports}
				s.order = append(s.order, key)
				st, ok := spec.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					gs, lines := markerGates(fl.Doc)
					if lines == 0 {
						continue
					}
					omitEmpty := false
					if fl.Tag != nil {
						tag, _ := strconv.Unquote(fl.Tag.Value)
						_, opts, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
						omitEmpty = slices.Contains(strings.Split(opts, ","), "omitempty")
					}
					for _, n := range astFieldNames(fl) {
						s.fields = append(s.fields, apiGatedField{
							pkg: pkg, owner: spec.Name.Name, name: n, gates: gs, lines: lines,
							optional: docHasLine(fl.Doc, "+optional"), omitEmpty: omitEmpty, pos: pos(fl), dep: dep,
						})
					}
				}
			case *ast.ValueSpec:
				doc := spec.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				gs, lines := markerGates(doc)
				if lines == 0 {
					continue
				}
				c := apiGatedConst{pkg: pkg, gates: gs, lines: lines, pos: pos(spec), dep: dep}
				if id, ok := spec.Type.(*ast.Ident); ok && gd.Tok == token.CONST && len(spec.Names) == 1 && len(spec.Values) == 1 {
					if lit, ok := spec.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						c.typ, c.name = id.Name, spec.Names[0].Name
						c.value, _ = strconv.Unquote(lit.Value)
					}
				}
				if c.typ == "" {
					s.errs = append(s.errs, fmt.Sprintf("%s: a gated value this test cannot read: not a typed string constant", c.pos))
				}
				s.consts = append(s.consts, c)
			}
		}
	}
}

// astFieldNames names a field list entry's fields; an embedded field is named
// by its type.
func astFieldNames(fl *ast.Field) []string {
	var names []string
	for _, n := range fl.Names {
		names = append(names, n.Name)
	}
	if len(names) > 0 {
		return names
	}
	switch x := astUnstar(fl.Type).(type) {
	case *ast.Ident:
		return []string{x.Name}
	case *ast.SelectorExpr:
		return []string{x.Sel.Name}
	}
	return nil
}

func astUnstar(e ast.Expr) ast.Expr {
	if s, ok := e.(*ast.StarExpr); ok {
		return s.X
	}
	return e
}

func (s *apiScan) markedPackages() []string {
	set := map[string]bool{}
	for _, f := range s.fields {
		set[f.pkg] = !f.dep
	}
	for _, c := range s.consts {
		set[c.pkg] = !c.dep
	}
	var out []string
	for p, local := range set {
		if local {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// optIn adds the opt-in marker to doc.go, after the last +k8s: line above
// the package clause, or right above the clause.
func optInPackage(t *testing.T, docFile string) {
	if docFile == "" {
		t.Fatal("a package with markers has no doc.go")
	}
	b, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	at := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "// +k8s:") {
			at = i + 1
		}
		if strings.HasPrefix(l, "package ") {
			if at < 0 {
				at = i
			}
			break
		}
	}
	if at < 0 {
		t.Fatalf("%s: no package clause", docFile)
	}
	lines = slices.Insert(lines, at, kubeOptInLine+"\n")
	if err := os.WriteFile(docFile, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// refs returns the named types of the module that the type expression e
// refers to as values: map keys, channels, functions and interfaces are not
// followed.
func (s *apiScan) refs(d *apiType, e ast.Expr, out []string) []string {
	switch x := e.(type) {
	case *ast.Ident:
		if key := d.pkg + "." + x.Name; s.types[key] != nil {
			out = append(out, key)
		}
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			if key := d.imports[id.Name] + "." + x.Sel.Name; s.types[key] != nil {
				out = append(out, key)
			}
		}
	case *ast.StarExpr:
		out = s.refs(d, x.X, out)
	case *ast.ParenExpr:
		out = s.refs(d, x.X, out)
	case *ast.ArrayType:
		out = s.refs(d, x.Elt, out)
	case *ast.MapType:
		out = s.refs(d, x.Value, out)
	case *ast.StructType:
		for _, fl := range x.Fields.List {
			out = s.refs(d, fl.Type, out)
		}
	}
	return out
}

// reachSet is what a type reaches: gated fields by key, and gated enum types.
type reachSet struct {
	fields map[string]bool
	enums  map[string]bool
}

// reach computes, for every named type of the module, the gated fields and
// the gated enum types it reaches through its fields.
func (s *apiScan) reach() map[string]reachSet {
	gatedOf := map[string][]string{} // type key → keys of its gated fields
	for _, f := range s.fields {
		gatedOf[f.pkg+"."+f.owner] = append(gatedOf[f.pkg+"."+f.owner], f.key())
	}
	enumTypes := map[string]bool{}
	for _, c := range s.consts {
		enumTypes[c.pkg+"."+c.typ] = true
	}
	edges := map[string][]string{}
	for key, d := range s.types {
		if d.spec.TypeParams == nil {
			edges[key] = s.refs(d, d.spec.Type, nil)
		}
	}
	out := map[string]reachSet{}
	for key := range s.types {
		r := reachSet{fields: map[string]bool{}, enums: map[string]bool{}}
		seen := map[string]bool{key: true}
		queue := []string{key}
		for len(queue) > 0 {
			k := queue[0]
			queue = queue[1:]
			for _, f := range gatedOf[k] {
				r.fields[f] = true
			}
			for _, next := range edges[k] {
				if enumTypes[next] {
					r.enums[next] = true
				}
				if !seen[next] {
					seen[next] = true
					queue = append(queue, next)
				}
			}
		}
		out[key] = r
	}
	return out
}

// structOf returns the struct type that d declares, following definitions
// such as core/v1's "type List metav1.List", and the declaration that
// spells it; nil for other types, aliases and generic types.
func (s *apiScan) structOf(d *apiType) (*ast.StructType, *apiType) {
	for range 10 {
		if d.spec.Assign.IsValid() || d.spec.TypeParams != nil {
			return nil, nil
		}
		if st, ok := d.spec.Type.(*ast.StructType); ok {
			return st, d
		}
		switch d.spec.Type.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			next := s.refs(d, d.spec.Type, nil)
			if len(next) != 1 {
				return nil, nil
			}
			d = s.types[next[0]]
		default:
			return nil, nil
		}
	}
	return nil, nil
}

// objects returns the struct types of k8s.io/api embedding
// metav1.TypeMeta with a field named meta: the top-level objects with
// ObjectMeta, their lists with ListMeta.
func (s *apiScan) objects(meta string) []string {
	var out []string
	for _, key := range s.order {
		st, decl := s.structOf(s.types[key])
		if st == nil || !strings.HasPrefix(key, apiModule+"/") {
			continue
		}
		typeMeta, objectMeta := false, false
		for _, fl := range st.Fields.List {
			if sel, ok := fl.Type.(*ast.SelectorExpr); ok && len(fl.Names) == 0 && sel.Sel.Name == "TypeMeta" {
				if id, ok := sel.X.(*ast.Ident); ok && decl.imports[id.Name] == metaV1 {
					typeMeta = true
				}
			}
			if slices.Contains(astFieldNames(fl), meta) {
				objectMeta = true
			}
		}
		if typeMeta && objectMeta {
			out = append(out, key)
		}
	}
	return out
}

// checkHelperSets checks that each opted-in package got the generated file,
// with the helpers of exactly the exported, non-generic struct types that
// reach a gated field (both helpers) or only a gated enum value
// (FeatureGatesInUse).
func checkHelperSets(t *testing.T, s *apiScan, opted []string, reach map[string]reachSet) {
	fset := token.NewFileSet()
	for _, pkg := range opted {
		file := filepath.Join(filepath.Dir(s.docFiles[pkg]), kubeOutputFile)
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Errorf("%s: %v", pkg, err)
			continue
		}
		got := map[string]bool{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() {
				got[fd.Name.Name] = true
			}
		}
		want := map[string]bool{}
		for _, key := range s.order {
			d := s.types[key]
			if st, _ := s.structOf(d); st == nil || d.pkg != pkg || !d.spec.Name.IsExported() {
				continue
			}
			r := reach[key]
			if len(r.fields) > 0 {
				want["DropDisabled"+d.name+"Fields"] = true
			}
			if len(r.fields) > 0 || len(r.enums) > 0 {
				want[d.name+"FeatureGatesInUse"] = true
			}
		}
		var missing, extra []string
		for n := range want {
			if !got[n] {
				missing = append(missing, n)
			}
		}
		for n := range got {
			if !want[n] {
				extra = append(extra, n)
			}
		}
		slices.Sort(missing)
		slices.Sort(extra)
		if len(missing) > 0 {
			t.Errorf("%s: %s lacks %s", pkg, kubeOutputFile, strings.Join(missing, ", "))
		}
		if len(extra) > 0 {
			t.Errorf("%s: %s has functions for types that reach no gated field or value: %s", pkg, kubeOutputFile, strings.Join(extra, ", "))
		}
	}
}

// goInCopy runs the go command in dir.
func goInCopy(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return out
}

// driverData is what the driver reads: the gated fields and values.
type driverData struct {
	Fields []driverField
	Consts []driverConst
}

type driverField struct {
	Pkg, Type, Field string
	Gates            []string
}

type driverConst struct {
	Pkg, Type, Value string
	Gates            []string
}

// driverReport is what the driver prints.
type driverReport struct {
	Pairs     int                 // (kind, gated field)
	ListPairs int                 // (list, gated field)
	EnumPairs int                 // (kind or list, gated enum value)
	CrossList int                 // pairs whose path crosses a list
	CrossMap  int                 // pairs whose path crosses a map
	Reached   map[string][]string // kind or list → keys of the gated fields its type reaches
	Failures  []struct{ Kind, Field, Check, Detail string }
}

// runDriver writes the driver into the copy and runs it over kinds and
// lists.
func runDriver(t *testing.T, dir string, s *apiScan, kinds, lists []string, reach map[string]reachSet) driverReport {
	drv := filepath.Join(dir, checkDir)
	if err := os.MkdirAll(drv, 0o755); err != nil {
		t.Fatal(err)
	}
	var data driverData
	for _, f := range s.fields {
		data.Fields = append(data.Fields, driverField{f.pkg, f.owner, f.name, f.gates})
	}
	for _, c := range s.consts {
		data.Consts = append(data.Consts, driverConst{c.pkg, c.typ, c.value, c.gates})
	}
	js, err := json.MarshalIndent(data, "", "\t")
	if err != nil {
		t.Fatal(err)
	}

	// The table: every kind's type, and its helpers when the source says
	// it reaches something gated, so that a missing helper fails to compile.
	alias := func(pkg string) string {
		return strings.NewReplacer("/", "", ".", "", "-", "").Replace(strings.TrimPrefix(pkg, apiModule+"/"))
	}
	imports := map[string]bool{}
	var table strings.Builder
	for _, k := range append(slices.Clip(kinds), lists...) {
		d := s.types[k]
		a := alias(d.pkg)
		imports[d.pkg] = true
		fmt.Fprintf(&table, "\t{Name: %q, List: %t, Type: reflect.TypeOf(%s.%s{})", k, slices.Contains(lists, k), a, d.name)
		r := reach[k]
		if len(r.fields) > 0 {
			fmt.Fprintf(&table, ", Drop: reflect.ValueOf(%s.DropDisabled%sFields)", a, d.name)
		}
		if len(r.fields) > 0 || len(r.enums) > 0 {
			fmt.Fprintf(&table, ", InUse: reflect.ValueOf(%s.%sFeatureGatesInUse)", a, d.name)
		}
		table.WriteString("},\n")
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n\t\"reflect\"\n\n")
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for p := range imports {
			if !yield(p) {
				return
			}
		}
	}) {
		fmt.Fprintf(&src, "\t%s %q\n", alias(p), p)
	}
	src.WriteString(")\n\nvar kinds = []kind{\n")
	src.WriteString(table.String())
	src.WriteString("}\n")

	for name, b := range map[string][]byte{
		"main.go":     []byte(driverSource),
		"table.go":    []byte(src.String()),
		"fields.json": js,
	} {
		if err := os.WriteFile(filepath.Join(drv, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := goInCopy(t, dir, "run", "./"+checkDir, filepath.Join(drv, "fields.json"))
	var rep driverReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("driver output: %v\n%s", err, out)
	}
	return rep
}

// driverSource is the driver's fixed part, package main in the copy of
// k8s.io/api; the test writes the table of kinds (table.go) beside it.
const driverSource = `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// kind is a top-level object, or a list of them, and its generated
// helpers, when it has them.
type kind struct {
	Name        string
	List        bool
	Type        reflect.Type
	Drop, InUse reflect.Value
}

type gatedField struct {
	Pkg, Type, Field string
	Gates            []string
}

type gatedConst struct {
	Pkg, Type, Value string
	Gates            []string
}

type failure struct{ Kind, Field, Check, Detail string }

type report struct {
	Pairs     int
	ListPairs int
	EnumPairs int
	CrossList int
	CrossMap  int
	Reached   map[string][]string
	Failures  []failure
}

// step is one move along a path from a kind to a field.
type step struct {
	op    byte // 'f' struct field, 'p' pointer, 's' slice, 'a' array, 'm' map value
	index int  // the field's index
	name  string
}

var (
	gated     = map[string]gatedField{} // by pkg.Type.Field
	rep       = report{Reached: map[string][]string{}}
	timeType  = reflect.TypeOf(time.Time{})
	quantType = reflect.TypeOf(resource.Quantity{})
	intstrTyp = reflect.TypeOf(intstr.IntOrString{})
)

func fieldKey(owner reflect.Type, f reflect.StructField) string {
	return owner.PkgPath() + "." + owner.Name() + "." + f.Name
}

func main() {
	var data struct {
		Fields []gatedField
		Consts []gatedConst
	}
	b, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = json.Unmarshal(b, &data)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for _, f := range data.Fields {
		gated[f.Pkg+"."+f.Type+"."+f.Field] = f
	}
	for _, k := range kinds {
		paths := search(k.Type, func(owner reflect.Type, f reflect.StructField) (string, bool) {
			key := fieldKey(owner, f)
			_, ok := gated[key]
			return key, ok
		})
		keys := make([]string, 0, len(paths))
		for key := range paths {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		rep.Reached[k.Name] = keys
		if len(keys) == 0 {
			continue
		}
		if !k.Drop.IsValid() || !k.InUse.IsValid() {
			fail(k, "", "helpers", "the kind reaches gated fields, but the test has no helpers for it")
			continue
		}
		check(k, emptyCheck{})
		for _, key := range keys {
			if k.List {
				rep.ListPairs++
			} else {
				rep.Pairs++
			}
			if p := describe(paths[key]); strings.Contains(p, "[i]") {
				rep.CrossList++
			}
			if strings.Contains(describe(paths[key]), "[k]") {
				rep.CrossMap++
			}
			check(k, fieldCheck{f: gated[key], path: paths[key]})
		}
	}
	for _, c := range data.Consts {
		for _, k := range kinds {
			paths := search(k.Type, func(owner reflect.Type, f reflect.StructField) (string, bool) {
				return c.Type, f.Type.PkgPath() == c.Pkg && f.Type.Name() == c.Type
			})
			path, ok := paths[c.Type]
			if !ok {
				continue
			}
			rep.EnumPairs++
			if !k.InUse.IsValid() {
				fail(k, c.Pkg+"."+c.Type, "helpers", "the kind reaches a gated enum value, but the test has no helpers for it")
				continue
			}
			check(k, enumCheck{c: c, path: path})
		}
	}
	out, _ := json.Marshal(rep)
	os.Stdout.Write(out)
}

func fail(k kind, field, check, detail string) {
	rep.Failures = append(rep.Failures, failure{k.Name, field, check, detail})
}

// checker is a group of checks on one kind; field names what it checks.
type checker interface {
	run(k kind)
	field() string
}

// check runs c, turning a panic into a failure.
func check(k kind, c checker) {
	defer func() {
		if r := recover(); r != nil {
			fail(k, c.field(), "panic", fmt.Sprint(r))
		}
	}()
	c.run(k)
}

// search finds, by breadth-first search over the types below root, the
// shortest path to each struct field that match names.
func search(root reflect.Type, match func(owner reflect.Type, f reflect.StructField) (string, bool)) map[string][]step {
	type node struct {
		t    reflect.Type
		path []step
	}
	found := map[string][]step{}
	seen := map[reflect.Type]bool{root: true}
	queue := []node{{root, nil}}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		push := func(t reflect.Type, s step) {
			if !seen[t] {
				seen[t] = true
				queue = append(queue, node{t, append(slices.Clip(n.path), s)})
			}
		}
		switch t := n.t; t.Kind() {
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				s := step{op: 'f', index: i, name: f.Name}
				if key, ok := match(t, f); ok {
					if _, done := found[key]; !done {
						found[key] = append(slices.Clip(n.path), s)
					}
				}
				push(f.Type, s)
			}
		case reflect.Pointer:
			push(t.Elem(), step{op: 'p'})
		case reflect.Slice:
			push(t.Elem(), step{op: 's'})
		case reflect.Array:
			push(t.Elem(), step{op: 'a'})
		case reflect.Map:
			push(t.Elem(), step{op: 'm'})
		}
	}
	return found
}

func describe(path []step) string {
	var b strings.Builder
	for _, s := range path {
		switch s.op {
		case 'f':
			b.WriteString("." + s.name)
		case 's', 'a':
			b.WriteString("[i]")
		case 'm':
			b.WriteString("[k]")
		}
	}
	return b.String()
}

// instances is how many times build sets the end of path.
func instances(t reflect.Type, path []step) int {
	n := 1
	for _, s := range path {
		switch s.op {
		case 's':
			n *= 2
		case 'a':
			n *= min(2, t.Len())
		}
		t = next(t, s)
	}
	return n
}

func next(t reflect.Type, s step) reflect.Type {
	if s.op == 'f' {
		return t.Field(s.index).Type
	}
	return t.Elem()
}

// build returns a new *t with path allocated: two elements in every list
// it crosses, one entry in every map. leaf gives the value at each end.
func build(t reflect.Type, path []step, leaf func(t reflect.Type) reflect.Value) reflect.Value {
	p := reflect.New(t)
	p.Elem().Set(value(t, path, leaf))
	return p
}

func value(t reflect.Type, path []step, leaf func(t reflect.Type) reflect.Value) reflect.Value {
	if len(path) == 0 {
		return leaf(t)
	}
	v := reflect.New(t).Elem()
	s, rest := path[0], path[1:]
	switch s.op {
	case 'f':
		v.Field(s.index).Set(value(t.Field(s.index).Type, rest, leaf))
	case 'p':
		v.Set(reflect.New(t.Elem()))
		v.Elem().Set(value(t.Elem(), rest, leaf))
	case 's':
		v.Set(reflect.MakeSlice(t, 2, 2))
		for i := range 2 {
			v.Index(i).Set(value(t.Elem(), rest, leaf))
		}
	case 'a':
		for i := range min(2, t.Len()) {
			v.Index(i).Set(value(t.Elem(), rest, leaf))
		}
	case 'm':
		v.Set(reflect.MakeMap(t))
		k, _ := nonZero(t.Key(), 0)
		v.SetMapIndex(k, value(t.Elem(), rest, leaf))
	}
	return v
}

// nonZero returns a value of t that is set: scalars 1, "x" or true; lists
// and maps with one entry; pointers allocated; structs with one exported
// field set (not a gated one, if another can be).
func nonZero(t reflect.Type, depth int) (reflect.Value, bool) {
	switch t {
	case timeType:
		return reflect.ValueOf(time.Unix(1, 0).UTC()), true
	case quantType:
		return reflect.ValueOf(resource.MustParse("1")), true
	case intstrTyp:
		return reflect.ValueOf(intstr.FromInt32(1)), true
	}
	v := reflect.New(t).Elem()
	if depth > 10 {
		return v, false
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Pointer:
		v.Set(reflect.New(t.Elem()))
		if e, ok := nonZero(t.Elem(), depth+1); ok {
			v.Elem().Set(e)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(t, 1, 1))
		if e, ok := nonZero(t.Elem(), depth+1); ok {
			v.Index(0).Set(e)
		}
	case reflect.Map:
		k, ok := nonZero(t.Key(), depth+1)
		if !ok {
			return v, false
		}
		e, _ := nonZero(t.Elem(), depth+1)
		v.Set(reflect.MakeMap(t))
		v.SetMapIndex(k, e)
	case reflect.Array:
		e, ok := nonZero(t.Elem(), depth+1)
		if !ok || t.Len() == 0 {
			return v, false
		}
		v.Index(0).Set(e)
	case reflect.Struct:
		for _, gatedToo := range []bool{false, true} {
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if _, g := gated[fieldKey(t, f)]; !f.IsExported() || g != gatedToo {
					continue
				}
				if e, ok := nonZero(f.Type, depth+1); ok {
					v.Field(i).Set(e)
					return v, true
				}
			}
		}
		return v, false
	default:
		return v, false
	}
	return v, true
}

func set(t reflect.Type) reflect.Value {
	v, ok := nonZero(t, 0)
	if !ok {
		panic("cannot make a set value of " + t.String())
	}
	return v
}

func zero(t reflect.Type) reflect.Value { return reflect.Zero(t) }

// lastOnly sets the leaf in the last of n instances only.
func lastOnly(n int) func(t reflect.Type) reflect.Value {
	i := 0
	return func(t reflect.Type) reflect.Value {
		i++
		if i == n {
			return set(t)
		}
		return zero(t)
	}
}

// expect builds what Drop should leave of a value built along path with
// leaf at its end, under enabled and with old nil: the first gated field on
// the path whose gates are not all enabled is cleared.
func expect(t reflect.Type, path []step, enabled func(string) bool, leaf func(t reflect.Type) reflect.Value) reflect.Value {
	owner := t
	for i, s := range path {
		if s.op == 'f' {
			if g, ok := gated[fieldKey(owner, owner.Field(s.index))]; ok && !all(g.Gates, enabled) {
				return build(t, path[:i+1], zero)
			}
		}
		owner = next(owner, s)
	}
	return build(t, path, leaf)
}

func all(gates []string, enabled func(string) bool) bool {
	for _, g := range gates {
		if !enabled(g) {
			return false
		}
	}
	return true
}

func drop(k kind, enabled func(string) bool, obj, old reflect.Value) {
	fn := reflect.ValueOf(enabled)
	if in := k.Drop.Type().In(0); fn.Type() != in {
		fn = fn.Convert(in)
	}
	if !old.IsValid() {
		old = reflect.Zero(obj.Type())
	}
	k.Drop.Call([]reflect.Value{fn, obj, old})
}

func inUse(k kind, obj reflect.Value) []string {
	return k.InUse.Call([]reflect.Value{obj})[0].Interface().([]string)
}

// emptyCheck: an empty object uses no gate, and dropping leaves it empty.
type emptyCheck struct{}

func (emptyCheck) field() string { return "(none)" }

func (emptyCheck) run(k kind) {
	obj := reflect.New(k.Type)
	if got := inUse(k, obj); len(got) != 0 {
		fail(k, "", "in-use-empty", fmt.Sprintf("an empty object uses %v", got))
	}
	drop(k, func(string) bool { return false }, obj, reflect.Value{})
	if d := diff(obj, reflect.New(k.Type), ""); d != "" {
		fail(k, "", "drop-empty", d)
	}
}

type fieldCheck struct {
	f    gatedField
	path []step
}

func (c fieldCheck) field() string {
	return c.f.Pkg + "." + c.f.Type + "." + c.f.Field + " at " + describe(c.path)
}

func (c fieldCheck) run(k kind) {
	t, path := k.Type, c.path
	off := func(g string) bool { return !slices.Contains(c.f.Gates, g) }
	on := func(string) bool { return true }
	full := func() reflect.Value { return build(t, path, set) }
	key := c.field()
	bad := func(check, detail string) { fail(k, key, check, detail) }
	same := func(check string, got, want reflect.Value) bool {
		if d := diff(got, want, ""); d != "" {
			bad(check, d)
			return false
		}
		return true
	}

	// Gate off, old nil: the field is cleared, and nothing else changes.
	obj := full()
	drop(k, off, obj, reflect.Value{})
	same("gate off, old nil: cleared", obj, expect(t, path, off, set))

	// Gate off, old set but not using it: cleared as well.
	obj = full()
	drop(k, off, obj, reflect.New(t))
	same("gate off, old empty: cleared", obj, expect(t, path, off, set))

	// Gate off, old using the field: kept, and old untouched.
	obj, old := full(), full()
	drop(k, off, obj, old)
	same("gate off, old uses it: kept", obj, full())
	same("gate off, old uses it: old untouched", old, full())

	// Gate off, old using the field only in the last element of its lists.
	if n := instances(t, path); n > 1 {
		obj, old = full(), build(t, path, lastOnly(n))
		drop(k, off, obj, old)
		same("gate off, old uses it in a later list element only: kept", obj, full())
	}

	// Gates on: kept.
	obj = full()
	drop(k, on, obj, reflect.Value{})
	same("gate on, old nil: kept", obj, full())

	// FeatureGatesInUse names the gates, sorted and distinct, and changes nothing.
	obj = full()
	got := inUse(k, obj)
	for _, g := range c.f.Gates {
		if !slices.Contains(got, g) {
			bad("in use", fmt.Sprintf("%v lacks %s", got, g))
		}
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		bad("in use", fmt.Sprintf("%v is not sorted and distinct", got))
	}
	same("in use: obj untouched", obj, full())
}

// enumCheck: a field holding a gated enum value.
type enumCheck struct {
	c    gatedConst
	path []step
}

func (c enumCheck) field() string {
	return c.c.Pkg + "." + c.c.Type + "=" + quote(c.c.Value) + " at " + describe(c.path)
}

func (c enumCheck) run(k kind) {
	t := k.Type
	val := func(t reflect.Type) reflect.Value { return reflect.ValueOf(c.c.Value).Convert(t) }
	full := func() reflect.Value { return build(t, c.path, val) }
	key := c.field()
	got := inUse(k, full())
	for _, g := range c.c.Gates {
		if !slices.Contains(got, g) {
			fail(k, key, "enum in use", fmt.Sprintf("%v lacks %s", got, g))
		}
	}
	if k.Drop.IsValid() {
		off := func(g string) bool { return !slices.Contains(c.c.Gates, g) }
		obj := full()
		drop(k, off, obj, reflect.Value{})
		if d := diff(obj, expect(t, c.path, off, val), ""); d != "" {
			fail(k, key, "enum: gate off, old nil: value kept", d)
		}
	}
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// diff describes the first difference between got and want, or returns "".
func diff(got, want reflect.Value, at string) string {
	if reflect.DeepEqual(got.Interface(), want.Interface()) {
		return ""
	}
	if d := diffValue(got, want, at); d != "" {
		return d
	}
	return "differs, in a way the diff does not locate"
}

func diffValue(got, want reflect.Value, at string) string {
	show := func(what string) string {
		if at == "" {
			at = "object"
		}
		return at + ": " + what
	}
	switch got.Kind() {
	case reflect.Pointer:
		if got.IsNil() != want.IsNil() {
			return show(fmt.Sprintf("got %s, want %s", nilness(got), nilness(want)))
		}
		if got.IsNil() {
			return ""
		}
		return diffValue(got.Elem(), want.Elem(), at)
	case reflect.Slice:
		if got.IsNil() != want.IsNil() || got.Len() != want.Len() {
			return show(fmt.Sprintf("got %s, want %s", length(got), length(want)))
		}
		for i := 0; i < got.Len(); i++ {
			if d := diffValue(got.Index(i), want.Index(i), fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Array:
		for i := 0; i < got.Len(); i++ {
			if d := diffValue(got.Index(i), want.Index(i), fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if got.IsNil() != want.IsNil() || got.Len() != want.Len() {
			return show(fmt.Sprintf("got %s, want %s", length(got), length(want)))
		}
		it := got.MapRange()
		for it.Next() {
			w := want.MapIndex(it.Key())
			if !w.IsValid() {
				return show(fmt.Sprintf("unexpected key %v", it.Key()))
			}
			if d := diffValue(it.Value(), w, fmt.Sprintf("%s[%v]", at, it.Key())); d != "" {
				return d
			}
		}
		return ""
	case reflect.Struct:
		for i := 0; i < got.NumField(); i++ {
			if d := diffValue(got.Field(i), want.Field(i), at+"."+got.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	}
	g, w := fmt.Sprintf("%v", got), fmt.Sprintf("%v", want)
	if g == w {
		return ""
	}
	return show(fmt.Sprintf("got %s, want %s", g, w))
}

func nilness(v reflect.Value) string {
	if v.IsNil() {
		return "nil"
	}
	return "non-nil"
}

func length(v reflect.Value) string {
	if v.IsNil() {
		return "nil"
	}
	return fmt.Sprintf("length %d", v.Len())
}
`
