package analysis

import (
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/types"
	"runtime"
	"slices"
	"strings"

	xanalysis "golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/load"
)

// source returns the package as apigen generate loads it: without its
// tests and without the files earlier runs generated (load.BuildTag), which
// go vet includes. Without such files it takes the pass's types; else it
// type-checks the rest again. It is nil when no file is left.
func source(pass *xanalysis.Pass) *packages.Package {
	var files []*ast.File
	var names []string
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		if strings.HasSuffix(name, "_test.go") || !built(f) {
			continue
		}
		files = append(files, f)
		names = append(names, name)
	}
	if len(files) == 0 {
		return nil
	}
	pkg, info := pass.Pkg, pass.TypesInfo
	if len(files) < len(pass.Files) {
		pkg, info = recheck(pass, files)
	}
	return &packages.Package{ID: pkg.Path(), PkgPath: pkg.Path(), Name: pkg.Name(), GoFiles: names, CompiledGoFiles: names,
		Syntax: files, Types: pkg, TypesInfo: info, TypesSizes: pass.TypesSizes, Fset: pass.Fset}
}

// recheck type-checks files with the imports of the pass. Type errors do
// not stop it, as they do not stop apigen generate: hand-written code may
// call what the left-out files define.
func recheck(pass *xanalysis.Pass, files []*ast.File) (*types.Package, *types.Info) {
	imports := map[string]*types.Package{"unsafe": types.Unsafe}
	for _, imp := range pass.Pkg.Imports() {
		imports[imp.Path()] = imp
		if _, path, ok := strings.Cut(imp.Path(), "/vendor/"); ok {
			imports[path] = imp
		}
	}
	conf := types.Config{
		Importer:         importer(imports),
		IgnoreFuncBodies: true,
		Error:            func(error) {},
		Sizes:            pass.TypesSizes,
	}
	if pass.Module != nil {
		conf.GoVersion = "go" + strings.TrimPrefix(pass.Module.GoVersion, "go")
		if conf.GoVersion == "go" {
			conf.GoVersion = ""
		}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}}
	pkg, _ := conf.Check(pass.Pkg.Path(), pass.Fset, files, info)
	return pkg, info
}

type importer map[string]*types.Package

func (im importer) Import(path string) (*types.Package, error) {
	if p := im[path]; p != nil {
		return p, nil
	}
	return nil, &importError{path}
}

type importError struct{ path string }

func (e *importError) Error() string {
	return "package " + e.path + " is not imported by the package under analysis"
}

// built reports whether f is in the build when load.BuildTag is set, as
// it is on every apigen load; the driver has already judged the other tags.
func built(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				return true
			}
			return expr.Eval(satisfied)
		}
	}
	return true
}

func satisfied(tag string) bool {
	ctx := build.Default
	return tag == load.BuildTag || tag == runtime.GOOS || tag == runtime.GOARCH || tag == "gc" ||
		(tag == "unix" && runtime.GOOS != "windows" && runtime.GOOS != "plan9") ||
		slices.Contains(ctx.ReleaseTags, tag) || slices.Contains(ctx.BuildTags, tag) || (tag == "cgo" && ctx.CgoEnabled)
}
