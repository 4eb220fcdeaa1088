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
	"sync/atomic"

	"golang.org/x/tools/go/packages"
)

// checker gives every package of a listed graph its syntax and types, in
// dependency order and in parallel, as go/packages would with syntax for
// every package. The one difference: a standard-library package that no
// pattern names is read from the type cache when the cache holds it, and
// gets no syntax; no generator reads the standard library's declarations.
// With deps set, so is every other package that is no root.
type checker struct {
	fset  *token.FileSet
	roots map[*packages.Package]bool
	std   *typeCache // nil when caching is off
	deps  bool
	cpu   chan struct{}

	mu      sync.Mutex // guards imports
	imports map[string]*types.Package
	failed  atomic.Bool // a pruned check read an entry that did not decode
}

// check fills in Fset, Syntax, Types and IllTyped of every package
// reachable from roots that has no types yet, and adds parse and type
// errors to Errors. imports holds, by path, the types of an earlier load
// the packages were joined to (see Extend), or is nil; check adds to it.
// With deps, every dependency is read as the library is. With prune, only
// the packages the roots' declarations reach get types (see needs).
func check(roots []*packages.Package, fset *token.FileSet, std *typeCache, imports map[string]*types.Package, deps, prune bool) {
	if imports == nil {
		imports = map[string]*types.Package{}
	}
	var order []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types == nil { // else checked by an earlier load
			order = append(order, p)
		}
	})
	errs := make([]int, len(order))
	for i, p := range order {
		errs[i] = len(p.Errors)
	}
	if !checkOnce(roots, order, fset, std, imports, deps, prune) {
		// A type cache entry did not decode: read everything below the
		// roots, as without pruning, which can check a package from source.
		for i, p := range order {
			p.Types, p.Syntax, p.IllTyped, p.Errors = nil, nil, false, p.Errors[:errs[i]]
			delete(imports, p.PkgPath)
		}
		checkOnce(roots, order, fset, std, imports, deps, false)
	}
	if std != nil {
		std.trim()
	}
}

// checkOnce is check over order (every package below roots without types,
// imports first), pruned or not. A pruned check reports false if a package
// it read from the type cache did not decode.
func checkOnce(roots, order []*packages.Package, fset *token.FileSet, std *typeCache, imports map[string]*types.Package, deps, prune bool) bool {
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
	packages.Visit(roots, nil, func(p *packages.Package) {
		done[p] = make(chan struct{})
		if p.Types != nil {
			close(done[p])
		}
	})
	keys := map[*packages.Package]string{}
	cached := map[*packages.Package]bool{}
	if std != nil {
		for _, p := range order {
			if c.typesOnly(p) {
				// "" when p imports a package an earlier load checked.
				keys[p] = std.key(p, keys)
				cached[p] = std.has(keys[p])
			}
		}
	}
	var pl *plan
	if prune {
		pl = c.needs(roots, order, cached)
	}
	var wg sync.WaitGroup
	for _, p := range order {
		if pl != nil && !pl.need[p] {
			close(done[p]) // no declaration reaches it: it gets no types
			continue
		}
		wg.Go(func() {
			defer close(done[p])
			c.load(p, keys[p], cached[p], pl, done)
		})
	}
	wg.Wait()
	return !c.failed.Load()
}

// load gives p its syntax and types once the packages it needs have
// theirs: from the type cache, which holds them under key if cached, or
// else from its files, storing them under key if that is not "".
func (c *checker) load(p *packages.Package, key string, cached bool, pl *plan, done map[*packages.Package]chan struct{}) {
	// Parsing needs no imports: it starts at once.
	files, parsed := pl.parsed(p)
	fromCache := cached && !parsed
	if !parsed && !fromCache {
		files = c.parse(p)
	}
	if fromCache && pl != nil {
		pl.wait(p, done)
	} else {
		for _, imp := range p.Imports {
			<-done[imp]
		}
	}
	if fromCache {
		if c.read(p, key, c.std.get(key)) {
			return
		}
		if pl != nil {
			c.failed.Store(true) // p's imports may have no types to check it with
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
// pattern names, or with c.deps any other dependency: of the module
// cache, a workspace module, a replaced directory or vendor/. Its types
// may come from the type cache, and it gets no syntax, whether they do or
// not.
func (c *checker) typesOnly(p *packages.Package) bool {
	if c.roots[p] || p.PkgPath == "unsafe" {
		return false
	}
	if p.Module == nil {
		first, _, _ := strings.Cut(p.PkgPath, "/")
		return !strings.Contains(first, ".")
	}
	return c.deps
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

// parse reads p's files, declarations only (see ParseDeclarations).
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
		f, err := ParseDeclarations(c.fset, name, src)
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
		imp := p.Imports[path]
		switch {
		case imp == nil:
			return nil, fmt.Errorf("could not import %s (no package for it in the load)", path)
		case imp.Types != nil:
			return imp.Types, nil
		}
		return standIn(imp), nil // no declaration of p names it
	})
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Syntax returns p with syntax: p itself when the load parsed it, else a
// copy whose files are parsed now and checked against the types of p's
// imports. That is how a generator reads the declarations and comments of
// a package the load took from the type cache, or gave no types at all
// because no declaration of the roots names it (see needs), as the crd
// generator does for a field of type time.Duration or resource.Quantity.
// An import the load gave no types is taken as the export data of the
// packages it did read knows it. The copy's types are new objects.
func (res *Result) Syntax(p *packages.Package) *packages.Package {
	if len(p.Syntax) > 0 || len(p.GoFiles) == 0 {
		return p
	}
	cp := *p
	cp.Errors = nil
	cp.Imports = make(map[string]*packages.Package, len(p.Imports))
	for path, imp := range p.Imports {
		cp.Imports[path] = imp
		if known := res.exported[imp.PkgPath]; imp.Types == nil && known != nil {
			with := *imp
			with.Types = completed(known, imp.Name)
			cp.Imports[path] = &with
		}
	}
	c := &checker{fset: res.Fset, roots: map[*packages.Package]bool{&cp: true}, cpu: make(chan struct{}, 1), imports: map[string]*types.Package{}}
	c.typecheck(&cp, c.parse(&cp))
	return &cp
}

// completed is a complete package holding known's objects. Export data
// leaves the packages it only refers to incomplete, and go/types imports
// only complete ones; the objects stay known's, so types stay identical.
func completed(known *types.Package, name string) *types.Package {
	if known.Complete() {
		return known
	}
	if known.Name() != "" {
		name = known.Name()
	}
	pkg := types.NewPackage(known.Path(), name)
	for _, n := range known.Scope().Names() {
		pkg.Scope().Insert(known.Scope().Lookup(n))
	}
	pkg.MarkComplete()
	return pkg
}
