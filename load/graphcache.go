package load

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/cache/blob"
)

// The graph cache keeps go list's answer for a group of patterns, so that a
// process need not run go list (two of them, in go/packages) when nothing it
// answered from has changed. An entry is keyed by the directory, the
// patterns, the load mode, the go command and the environment, and holds
// stamps (size and modification time) of everything else the answer rests
// on: every directory of the main modules, every file of a package outside
// the module cache, the go.mod, go.sum and go.work files, and that every
// module-cache directory is still there. An entry whose stamps do not all
// hold is not used, and the answer stored again. Answers with errors are
// not stored.

// maxGraphEntries bounds the graph cache.
const maxGraphEntries = 256

// graphCacheHits counts the listings answered from the cache, for tests.
var graphCacheHits atomic.Int64

// stamp is what one path looked like when go list answered: a file's
// size, time and header (package clause, build constraints, imports); a
// directory's listing (subdirectories and Go files); or only whether it
// exists.
type stamp struct {
	Path string
	Kind stampKind
	Size int64  `json:",omitempty"`
	Mod  int64  `json:",omitempty"`
	Sum  string `json:",omitempty"` // a file's header or a directory's listing
}

type stampKind uint8

const (
	stampAbsent stampKind = iota
	stampPresent
	stampFile
	stampDir
)

// listedGraph is a stored go list answer.
type listedGraph struct {
	Stamps   []stamp
	Modules  []*packages.Module
	Arch     string // types.SizesFor("gc", Arch) are the packages' sizes
	Packages []listedPackage
	Roots    []string // IDs, in go list's order
}

type listedPackage struct {
	ID, Name, PkgPath                                                 string
	GoFiles, CompiledGoFiles, OtherFiles, IgnoredFiles, EmbedPatterns []string          `json:",omitempty"`
	EmbedFiles                                                        []string          `json:",omitempty"`
	Imports                                                           map[string]string `json:",omitempty"` // import path -> ID
	Module                                                            int               `json:",omitempty"` // 1 + index in Modules, 0 for none
}

// cachedList is list with the graph cache in front of it.
func cachedList(list func(*packages.Config, []string) ([]*packages.Package, error)) func(*packages.Config, []string) ([]*packages.Package, error) {
	return func(pcfg *packages.Config, patterns []string) ([]*packages.Package, error) {
		root := blob.Root()
		if root == "" {
			return list(pcfg, patterns)
		}
		file := filepath.Join(root, "graph", graphKey(pcfg, patterns))
		store := func(roots []*packages.Package) {
			if data := encodeGraph(pcfg.Dir, roots); data != nil && blob.Write(file, data) == nil {
				blob.Trim(filepath.Dir(file), maxGraphEntries)
			}
		}
		if data, ok := blob.Read(file); ok {
			if roots, renewed := decodeGraph(data); roots != nil {
				graphCacheHits.Add(1)
				// With the new times, so that the next run need not read
				// those headers again.
				if renewed == nil || blob.Write(file, renewed) != nil {
					blob.Touch(file)
				}
				return roots, nil
			}
		}
		roots, err := list(pcfg, patterns)
		if err == nil {
			store(roots)
		}
		return roots, err
	}
}

// graphKey names go list's answer for patterns from pcfg.Dir.
func graphKey(pcfg *packages.Config, patterns []string) string {
	h := sha256.New()
	dir, _ := filepath.Abs(pcfg.Dir)
	fmt.Fprintf(h, "apigen graph 1\n%s\n%d\n%q\n%q\n", dir, pcfg.Mode, pcfg.BuildFlags, patterns)
	if gobin, err := exec.LookPath("go"); err == nil {
		if fi, err := os.Stat(gobin); err == nil { // not hashed: a run pays this every start
			fmt.Fprintf(h, "go %s %d %d\n", gobin, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	env := slices.Clone(os.Environ())
	slices.Sort(env)
	for _, kv := range env {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") || strings.HasPrefix(kv, "CC=") || strings.HasPrefix(kv, "CXX=") {
			fmt.Fprintf(h, "env %s\n", kv)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// presence stamps whether path exists.
func presence(path string) stamp {
	if _, err := os.Stat(path); err != nil {
		return stamp{Path: path, Kind: stampAbsent}
	}
	return stamp{Path: path, Kind: stampPresent}
}

// fileStamp stamps a Go or module file; a missing one is stamped absent.
func fileStamp(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return stamp{Path: path, Kind: stampAbsent}
	}
	return stamp{Path: path, Kind: stampFile, Size: fi.Size(), Mod: fi.ModTime().UnixNano(), Sum: fileHeader(path)}
}

// dirStamp stamps a directory's listing.
func dirStamp(path string) stamp {
	entries, err := os.ReadDir(path)
	if err != nil {
		return stamp{Path: path, Kind: stampAbsent}
	}
	return stamp{Path: path, Kind: stampDir, Sum: listing(entries)}
}

// holds reports whether s still describes its path, and returns the
// stamp as it is now. A file whose size or time changed still holds if its
// header did not (rewriting a generated file changes nothing go list
// answers); its stamp now has the new size and time.
func (s stamp) holds() (ok bool, now stamp) {
	switch s.Kind {
	case stampFile:
		fi, err := os.Stat(s.Path)
		if err != nil || fi.IsDir() {
			return false, s
		}
		if fi.Size() == s.Size && fi.ModTime().UnixNano() == s.Mod {
			return true, s
		}
		now = s
		now.Size, now.Mod = fi.Size(), fi.ModTime().UnixNano()
		return fileHeader(s.Path) == s.Sum, now
	case stampDir:
		return dirStamp(s.Path) == s, s
	default:
		return presence(s.Path) == s, s
	}
}

// fileHeader hashes a Go file up to the end of its imports, or a module
// file whole.
func fileHeader(path string) string {
	src, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	if strings.HasSuffix(path, ".go") {
		if f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly|parser.ParseComments); err == nil {
			end := int(f.Name.End()) - 1
			if n := len(f.Imports); n > 0 {
				end = max(end, int(f.Imports[n-1].End())-1)
			}
			src = src[:min(end, len(src))]
		}
	}
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:16])
}

// listing hashes the names of a directory's subdirectories, non-test Go
// files and go.mod: what decides which packages it holds.
func listing(entries []os.DirEntry) string {
	h := sha256.New()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || name == "go.mod" || strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			fmt.Fprintf(h, "%s %v\n", name, e.IsDir())
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// encodeGraph stores the graph below roots, or returns nil when it cannot
// be stored: some package has errors or unknown sizes.
func encodeGraph(dir string, roots []*packages.Package) []byte {
	var g listedGraph
	modIndex := map[*packages.Module]int{}
	ok := true
	var all []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 || p.TypesSizes == nil {
			ok = false
			return
		}
		if g.Arch == "" {
			g.Arch = archOf(p.TypesSizes)
		}
		lp := listedPackage{ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, GoFiles: p.GoFiles, CompiledGoFiles: p.CompiledGoFiles,
			OtherFiles: p.OtherFiles, IgnoredFiles: p.IgnoredFiles, EmbedPatterns: p.EmbedPatterns, EmbedFiles: p.EmbedFiles}
		for path, imp := range p.Imports {
			if lp.Imports == nil {
				lp.Imports = map[string]string{}
			}
			lp.Imports[path] = imp.ID
		}
		if m := p.Module; m != nil {
			if _, seen := modIndex[m]; !seen {
				g.Modules = append(g.Modules, m)
				modIndex[m] = len(g.Modules)
			}
			lp.Module = modIndex[m]
		}
		g.Packages = append(g.Packages, lp)
		all = append(all, p)
	})
	if !ok || g.Arch == "" && len(g.Packages) > 0 {
		return nil
	}
	for _, r := range roots {
		g.Roots = append(g.Roots, r.ID)
	}
	stamps := newStamper()
	stamps.workspace(dir, g.Modules) // first: it walks directories pkg stamps too
	for _, p := range all {
		stamps.pkg(p)
	}
	g.Stamps = stamps.list()
	data, err := json.Marshal(g)
	if err != nil {
		return nil
	}
	return data
}

// archOf returns the GOARCH whose gc sizes are s, or "".
func archOf(s types.Sizes) string {
	for _, arch := range append([]string{runtime.GOARCH}, knownArches...) {
		if reflect.DeepEqual(types.SizesFor("gc", arch), s) {
			return arch
		}
	}
	return ""
}

var knownArches = []string{"amd64", "arm64", "386", "arm", "ppc64le", "ppc64", "s390x", "riscv64", "loong64", "mips64le", "mips64", "mipsle", "mips", "wasm"}

// decodeGraph rebuilds a stored graph and returns its roots, or nil when
// the data does not decode or a stamp no longer holds. When some file held
// only by its header, renewed is the graph with that file's new size and
// time.
func decodeGraph(data []byte) (roots []*packages.Package, renewed []byte) {
	var g listedGraph
	if json.Unmarshal(data, &g) != nil {
		return nil, nil
	}
	retimed := false
	for i, s := range g.Stamps {
		ok, now := s.holds()
		if !ok {
			return nil, nil
		}
		if now != s {
			g.Stamps[i], retimed = now, true
		}
	}
	sizes := types.SizesFor("gc", g.Arch)
	byID := make(map[string]*packages.Package, len(g.Packages))
	for _, lp := range g.Packages {
		p := &packages.Package{ID: lp.ID, Name: lp.Name, PkgPath: lp.PkgPath, GoFiles: lp.GoFiles, CompiledGoFiles: lp.CompiledGoFiles,
			OtherFiles: lp.OtherFiles, IgnoredFiles: lp.IgnoredFiles, EmbedPatterns: lp.EmbedPatterns, EmbedFiles: lp.EmbedFiles,
			TypesSizes: sizes, Imports: map[string]*packages.Package{}}
		if lp.Module > 0 && lp.Module <= len(g.Modules) {
			p.Module = g.Modules[lp.Module-1]
		}
		byID[lp.ID] = p
	}
	for _, lp := range g.Packages {
		for path, id := range lp.Imports {
			imp := byID[id]
			if imp == nil {
				return nil, nil
			}
			byID[lp.ID].Imports[path] = imp
		}
	}
	roots = make([]*packages.Package, 0, len(g.Roots))
	for _, id := range g.Roots {
		if byID[id] == nil {
			return nil, nil
		}
		roots = append(roots, byID[id])
	}
	if retimed {
		renewed, _ = json.Marshal(&g)
	}
	return roots, renewed
}

// stamper collects the stamps of a graph, each path once.
type stamper struct {
	seen map[string]bool
	out  []stamp
}

func newStamper() *stamper { return &stamper{seen: map[string]bool{}} }

func (s *stamper) add(path string, stampOf func(string) stamp) {
	if !s.seen[path] {
		s.seen[path] = true
		s.out = append(s.out, stampOf(path))
	}
}

func (s *stamper) list() []stamp { return s.out }

// pkg stamps what p's listing rests on: for a module-cache package, that
// its module's directory is there; else every file go list named for it
// and its directory's listing. Files compiled from cgo live in the build
// cache and are stamped wherever p comes from.
func (s *stamper) pkg(p *packages.Package) {
	for _, f := range p.CompiledGoFiles {
		if !slices.Contains(p.GoFiles, f) {
			s.add(f, presence)
		}
	}
	if p.Module == nil { // the standard library: the go command's own
		return
	}
	if immutable(p) {
		mod := p.Module
		if mod.Replace != nil {
			mod = mod.Replace
		}
		s.add(mod.Dir, presence)
		return
	}
	for _, files := range [][]string{p.GoFiles, p.OtherFiles, p.IgnoredFiles, p.EmbedFiles} {
		for _, f := range files {
			s.add(f, fileStamp)
			s.add(filepath.Dir(f), dirStamp)
		}
	}
}

// workspace stamps the module files that resolve imports from dir (and
// that no go.work or go.mod was added above it), and the listing of every
// directory of the main modules: a new package directory changes what
// "./..." matches.
func (s *stamper) workspace(dir string, mods []*packages.Module) {
	dir, _ = filepath.Abs(dir)
	for d := dir; ; d = filepath.Dir(d) {
		for _, name := range []string{"go.work", "go.work.sum", "go.mod"} {
			s.add(filepath.Join(d, name), fileStamp)
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		s.add(w, fileStamp)
	}
	for _, m := range mods {
		if m.Replace != nil {
			m = m.Replace
		}
		if m.GoMod != "" && (m.Main || m.Version == "" || !strings.HasSuffix(filepath.Base(m.Dir), "@"+m.Version)) {
			home := filepath.Dir(m.GoMod)
			for _, name := range []string{"go.mod", "go.sum", "vendor/modules.txt"} {
				s.add(filepath.Join(home, name), fileStamp)
			}
		}
		if m.Main && m.Dir != "" {
			s.tree(m.Dir, true)
		}
	}
}

// tree stamps the listing of dir and of every directory below it that go
// list would search for packages: not testdata, vendor, or ones named with
// a leading dot or underscore, and not into another module.
func (s *stamper) tree(dir string, root bool) {
	if s.seen[dir] && !root {
		return
	}
	entries, err := os.ReadDir(dir)
	s.seen[dir] = true
	if err != nil {
		s.out = append(s.out, stamp{Path: dir, Kind: stampAbsent})
		return
	}
	s.out = append(s.out, stamp{Path: dir, Kind: stampDir, Sum: listing(entries)})
	if !root && slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == "go.mod" }) {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		s.tree(filepath.Join(dir, name), false)
	}
}
