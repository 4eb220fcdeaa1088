package load

import (
	"errors"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"
)

// Given makes the Result of one package that a driver such as go vet or
// golangci-lint has already parsed and type-checked: target with its
// syntax and types, and every package that imports reaches (target's own
// types, or more where the driver saw more files), with types only, as
// export data gives them.
func Given(fset *token.FileSet, target *packages.Package, imports *types.Package) *Result {
	res := &Result{Fset: fset, Targets: []*packages.Package{target}, DependencyTypes: true,
		ByPath: map[string]*packages.Package{target.PkgPath: target}, exported: map[string]*types.Package{}}
	var add func(tp *types.Package) *packages.Package
	add = func(tp *types.Package) *packages.Package {
		if p := res.ByPath[tp.Path()]; p != nil {
			return p
		}
		// Its files let Syntax parse it when a generator needs more than
		// its types.
		files := declaringFiles(fset, tp)
		p := &packages.Package{ID: tp.Path(), PkgPath: tp.Path(), Name: tp.Name(), Types: tp, Fset: fset,
			GoFiles: files, CompiledGoFiles: files, Imports: map[string]*packages.Package{}}
		res.ByPath[p.PkgPath] = p
		res.exported[p.PkgPath] = tp
		for _, imp := range tp.Imports() {
			p.Imports[imp.Path()] = add(imp)
		}
		return p
	}
	target.Imports = map[string]*packages.Package{}
	for _, imp := range target.Types.Imports() {
		target.Imports[imp.Path()] = add(imp)
	}
	for _, imp := range imports.Imports() {
		add(imp)
	}
	return res
}

// AddExtra makes the dependency at path an extra package, with the syntax
// of the files its declarations are in, for their comments; its types
// stay export data's. It reports whether the result has the package.
func (res *Result) AddExtra(path string) bool {
	p := res.ByPath[path]
	if p == nil || slices.Contains(res.Targets, p) {
		return false
	}
	if !slices.Contains(res.Extra, p) {
		for _, name := range p.GoFiles {
			if f, err := parser.ParseFile(res.Fset, name, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
				p.Syntax = append(p.Syntax, f)
			}
		}
		res.Extra = append(res.Extra, p)
		slices.SortFunc(res.Extra, byPath)
	}
	return true
}

// declaringFiles are the files that export data places tp's package-level
// declarations and methods in, sorted.
func declaringFiles(fset *token.FileSet, tp *types.Package) []string {
	var files []string
	note := func(obj types.Object) {
		if name := fset.Position(obj.Pos()).Filename; name != "" && !slices.Contains(files, name) {
			files = append(files, name)
		}
	}
	for _, n := range tp.Scope().Names() {
		obj := tp.Scope().Lookup(n)
		note(obj)
		if named, ok := obj.Type().(*types.Named); ok && isTypeName(obj) {
			for m := range named.Methods() {
				note(m)
			}
		}
	}
	if len(files) > 0 {
		// Package markers are in doc.go, which declares nothing.
		doc := filepath.Join(filepath.Dir(files[0]), "doc.go")
		if _, err := os.Stat(doc); err == nil && !slices.Contains(files, doc) {
			files = append(files, doc)
		}
	}
	slices.Sort(files)
	return files
}

func isTypeName(obj types.Object) bool {
	_, ok := obj.(*types.TypeName)
	return ok
}

// LoadExtra loads the package at path from source, as go list finds it in
// dir, and adds it as an extra package: for a package the target does not
// import, such as the known feature gates. It returns why it could not.
func (res *Result) LoadExtra(dir, path string) error {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedModule
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: dir, Fset: res.Fset}, path)
	if err != nil {
		return err
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if e.Kind != packages.TypeError {
				return errors.New(e.Msg)
			}
		}
		res.ByPath[p.PkgPath] = p
		res.Extra = append(res.Extra, p)
	}
	slices.SortFunc(res.Extra, byPath)
	return nil
}
