package load

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync/atomic"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/cache/blob"
)

// typeCache keeps the types of standard-library packages (and, for a load
// with Config.DependencyTypes, of every dependency) as export data, in
// $APIGEN_CACHE/types, so that a load need not parse and check them
// again: they are most of what a load of API types reads. An entry is
// keyed by the package's files (see fileIDs), its imports' keys, the
// platform and this program's Go version; a corrupt one is removed and
// the package checked from source.
type typeCache struct {
	dir   string
	wrote atomic.Bool
}

// maxTypeEntries bounds the type cache: a few toolchains' worth.
const maxTypeEntries = 4096

// openTypeCache returns the type cache, or nil when APIGEN_CACHE=off.
func openTypeCache() *typeCache {
	root := blob.Root()
	if root == "" {
		return nil
	}
	return &typeCache{dir: filepath.Join(root, "types")}
}

// TypeCacheDir is the directory of the type cache, "" when it is off.
func TypeCacheDir() string {
	if c := openTypeCache(); c != nil {
		return c.dir
	}
	return ""
}

// key names p's types, given the keys of the packages it imports; it is
// "" when one of them has none or a file cannot be read.
func (c *typeCache) key(p *packages.Package, keys map[*packages.Package]string) string {
	h := sha256.New()
	fmt.Fprintf(h, "apigen types 1\n%s\n%s\n", runtime.Version(), p.PkgPath)
	if m := p.Module; m != nil {
		fmt.Fprintf(h, "module %s %s\n", m.Path, m.Version)
	}
	if s := p.TypesSizes; s != nil {
		fmt.Fprintf(h, "sizes %d %d\n", s.Sizeof(types.Typ[types.Uintptr]), s.Alignof(types.Typ[types.Int64]))
	}
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	fileID := fileIDs(p)
	for _, f := range files {
		id, err := fileID(f)
		if err != nil {
			return ""
		}
		fmt.Fprintf(h, "file %s %s\n", f, id)
	}
	paths := make([]string, 0, len(p.Imports))
	for path := range p.Imports {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		imp := p.Imports[path]
		k := keys[imp]
		if k == "" && imp.PkgPath != "unsafe" {
			return ""
		}
		fmt.Fprintf(h, "import %s %s %s\n", path, imp.PkgPath, k)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fileIDs returns how p's key names the contents of one of its files:
//   - by nothing, in a module-cache directory, which never changes under
//     the version the key holds: thousands of files in a large load go
//     unread;
//   - by size and time, in the standard library;
//   - by a hash elsewhere (a main or workspace module, a replaced
//     directory, vendor/), where generators rewrite files with the
//     contents they had: a new time alone must not make every importer's
//     key new.
func fileIDs(p *packages.Package) func(file string) (string, error) {
	switch {
	case p.Module == nil:
		return func(f string) (string, error) {
			fi, err := os.Stat(f)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano()), nil
		}
	case immutable(p):
		return func(string) (string, error) { return "", nil }
	}
	return func(f string) (string, error) {
		src, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		sum := sha256.Sum256(src)
		return hex.EncodeToString(sum[:16]), nil
	}
}

// get returns the export data stored under key, or nil.
func (c *typeCache) get(key string) []byte {
	if key == "" {
		return nil
	}
	data, ok := blob.Read(filepath.Join(c.dir, key))
	if !ok {
		return nil
	}
	return data
}

// has reports whether the type cache holds an entry under key.
func (c *typeCache) has(key string) bool {
	if key == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(c.dir, key))
	return err == nil
}

// decode reads the package path from data, which get returned for key,
// into imports. Data that does not decode is removed, and nil returned.
func (c *typeCache) decode(key string, data []byte, fset *token.FileSet, imports map[string]*types.Package, path string) (pkg *types.Package) {
	defer func() {
		if recover() != nil {
			pkg = nil
		}
		if pkg == nil {
			os.Remove(filepath.Join(c.dir, key))
		}
	}()
	pkg, err := gcexportdata.Read(bytes.NewReader(data), fset, imports, path)
	if err != nil || pkg.Name() == "" {
		return nil
	}
	typeCacheHits.Add(1)
	return pkg
}

// typeCacheHits counts the packages read from the type cache, for tests.
var typeCacheHits atomic.Int64

// put stores pkg's export data under key; failing to is no error.
func (c *typeCache) put(key string, fset *token.FileSet, pkg *types.Package) {
	defer func() { recover() }() // a package the writer cannot take stays uncached
	var buf bytes.Buffer
	if gcexportdata.Write(&buf, fset, pkg) == nil && blob.Write(filepath.Join(c.dir, key), buf.Bytes()) == nil {
		c.wrote.Store(true)
	}
}

// trim keeps the type cache within its bound, after a load that wrote.
func (c *typeCache) trim() {
	if c.wrote.Load() {
		blob.Trim(c.dir, maxTypeEntries)
	}
}
