package load

import (
	"errors"
	"fmt"
	"go/ast"
	goscanner "go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// checker gives every package of a listed graph its syntax and types, in
// dependency order and in parallel, as go/packages would with syntax for
// every package. The one difference: a standard-library package that no
// pattern names is read from the type cache when the cache holds it, and
// gets no syntax; no generator reads the standard library's declarations.
// With deps set, so is a package of the module cache that is no root.
type checker struct {
	fset  *token.FileSet
	roots map[*packages.Package]bool
	std   *typeCache // nil when caching is off
	deps  bool
	cpu   chan struct{}

	mu      sync.Mutex // guards imports
	imports map[string]*types.Package
}

// check fills in Fset, Syntax, Types and IllTyped of every package
// reachable from roots that has no types yet, and adds parse and type
// errors to Errors. imports holds, by path, the types of an earlier load
// the packages were joined to (see Extend), or is nil; check adds to it.
// With deps, module-cache dependencies are read as the library is.
func check(roots []*packages.Package, fset *token.FileSet, std *typeCache, imports map[string]*types.Package, deps bool) {
	if imports == nil {
		imports = map[string]*types.Package{}
	}
	c := &checker{
		fset:    fset,
		roots:   map[*packages.Package]bool{},
		std:     std,
		deps:    deps,
		cpu:     make(chan struct{}, runtime.GOMAXPROCS(0)),
		imports: imports,
	}
	for _, r := range roots {
		c.roots[r] = true
	}
	done := map[*packages.Package]chan struct{}{}
	var order []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) {
		done[p] = make(chan struct{})
		if p.Types != nil {
			close(done[p]) // checked by an earlier load
			return
		}
		order = append(order, p)
	})
	keys := map[*packages.Package]string{}
	data := map[*packages.Package][]byte{}
	if std != nil {
		for _, p := range order { // dependencies first
			if c.typesOnly(p) {
				// "" when p imports a package an earlier load checked.
				keys[p] = std.key(p, keys)
				data[p] = std.get(keys[p])
			}
		}
	}
	var wg sync.WaitGroup
	for _, p := range order {
		wg.Go(func() {
			defer close(done[p])
			c.load(p, keys[p], data[p], done)
		})
	}
	wg.Wait()
	if std != nil {
		std.trim()
	}
}

// load gives p its syntax and types once the packages it imports have
// theirs: from data, which the type cache holds under key, or else from
// its files, storing them under key if that is not "".
func (c *checker) load(p *packages.Package, key string, data []byte, done map[*packages.Package]chan struct{}) {
	// Parsing needs no imports: it starts at once.
	var files []*ast.File
	if data == nil {
		files = c.parse(p)
	}
	for _, imp := range p.Imports {
		<-done[imp]
	}
	if data != nil {
		if c.read(p, key, data) {
			return
		}
		files = c.parse(p)
	}
	c.typecheck(p, files)
	if key != "" && onlyTypeErrors(p) {
		c.std.put(key, c.fset, p.Types)
	}
}

// typesOnly reports whether p is a standard-library package that no
// pattern names, or with c.deps a module-cache one. Its types may come
// from the type cache, and it gets no syntax, whether they do or not.
func (c *checker) typesOnly(p *packages.Package) bool {
	if c.roots[p] || p.PkgPath == "unsafe" {
		return false
	}
	if p.Module == nil {
		first, _, _ := strings.Cut(p.PkgPath, "/")
		return !strings.Contains(first, ".")
	}
	return c.deps && immutable(p)
}

// read gives p the types the type cache holds for it, and reports whether
// it could.
func (c *checker) read(p *packages.Package, key string, data []byte) bool {
	p.Fset = c.fset
	c.mu.Lock()
	defer c.mu.Unlock()
	pkg := c.std.decode(key, data, c.fset, c.imports, p.PkgPath)
	if pkg == nil {
		return false
	}
	p.Types = pkg
	c.imports[p.PkgPath] = pkg
	return true
}

// parse reads p's files, declarations only (see parseDeclarations).
func (c *checker) parse(p *packages.Package) []*ast.File {
	if p.PkgPath == "unsafe" {
		return nil
	}
	names := p.CompiledGoFiles
	if len(names) == 0 {
		names = p.GoFiles
	}
	c.cpu <- struct{}{}
	defer func() { <-c.cpu }()
	var files []*ast.File
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			p.Errors = append(p.Errors, packages.Error{Pos: name + ":1", Msg: err.Error(), Kind: packages.ParseError})
			continue
		}
		f, err := parseDeclarations(c.fset, name, src)
		var list goscanner.ErrorList
		switch {
		case errors.As(err, &list):
			for _, e := range list {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case err != nil:
			p.Errors = append(p.Errors, packages.Error{Pos: name + ":1", Msg: err.Error(), Kind: packages.ParseError})
		}
		if f != nil {
			files = append(files, f)
		}
	}
	return files
}

// typecheck gives p its types, checked from its files.
func (c *checker) typecheck(p *packages.Package, files []*ast.File) {
	p.Fset = c.fset
	if p.PkgPath == "unsafe" {
		p.Types = types.Unsafe
		return
	}
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	conf := &types.Config{
		Importer: importerOf(p),
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			} else {
				p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
			}
		},
		Sizes:            p.TypesSizes,
		IgnoreFuncBodies: true,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	c.cpu <- struct{}{}
	err := types.NewChecker(conf, c.fset, p.Types, nil).Files(files)
	<-c.cpu
	if err != nil && len(p.Errors) == 0 {
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.TypeError})
	}
	if !c.typesOnly(p) {
		p.Syntax = files
	}
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || imp.IllTyped
	}
	c.mu.Lock()
	c.imports[p.PkgPath] = p.Types
	c.mu.Unlock()
}

// immutable reports whether p is read from a module of the module cache,
// whose files never change under its version: not a main or workspace
// module, not replaced by a directory, and read from its versioned
// directory (not from vendor/).
func immutable(p *packages.Package) bool {
	mod := p.Module
	if mod.Replace != nil {
		mod = mod.Replace
	}
	if mod.Main || mod.Version == "" || mod.Dir == "" || !strings.HasSuffix(filepath.Base(mod.Dir), "@"+mod.Version) {
		return false
	}
	for _, f := range p.GoFiles {
		if !strings.HasPrefix(f, mod.Dir+string(filepath.Separator)) {
			return false
		}
	}
	return true
}

// onlyTypeErrors reports whether p was read whole: every error it has is
// a type error. Those are expected (imports that only bodies used are
// unused without them), and checking the same files again gives the same
// types, so they may be cached.
func onlyTypeErrors(p *packages.Package) bool {
	return !slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind != packages.TypeError })
}

// importerOf resolves p's imports, as written in its files, to the
// packages go list resolved them to.
func importerOf(p *packages.Package) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if imp := p.Imports[path]; imp != nil && imp.Types != nil {
			return imp.Types, nil
		}
		return nil, fmt.Errorf("could not import %s (no package for it in the load)", path)
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Syntax returns p with syntax: p itself when the load parsed it, else a
// copy whose files are parsed now and checked against the types of p's
// imports. That is how a generator reads the declarations and comments of
// a standard-library package the load took from the type cache, as the
// crd generator does for a field of type time.Duration. The copy's types
// are new objects.
func Syntax(fset *token.FileSet, p *packages.Package) *packages.Package {
	if len(p.Syntax) > 0 || len(p.GoFiles) == 0 {
		return p
	}
	cp := *p
	cp.Errors = nil
	c := &checker{fset: fset, roots: map[*packages.Package]bool{&cp: true}, cpu: make(chan struct{}, 1), imports: map[string]*types.Package{}}
	c.typecheck(&cp, c.parse(&cp))
	return &cp
}
