package featuregate

import (
	"go/token"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"k8s.io/gengo/v2/types"
)

// importNames names the file's imports as jennifer, which wrote these
// files first, did: a package is named, on first use, by its own name
// (from the analysis, or the last element of a standard library path), or
// else by its path's last element made an identifier, and numbered when
// that name is a reserved word or taken. A name that is not the package's
// own is written in the import line.
type importNames struct {
	local string
	hints map[string]string // package names by path
	names map[string]string // the names given, by path
	alias map[string]bool   // paths whose import line names them
}

func newImportNames(local string, hints [][2]string) *importNames {
	n := &importNames{local: local, hints: map[string]string{}, names: map[string]string{}, alias: map[string]bool{}}
	for _, h := range hints {
		n.hints[h[0]] = h[1]
	}
	return n
}

func (n *importNames) AddType(t *types.Type) { n.AddSymbol(t.Name) }

func (n *importNames) AddSymbol(s types.Name) {
	p := s.Package
	if p == "" || p == n.local || n.names[p] != "" {
		return
	}
	name, alias := n.hints[p], false
	switch {
	case name != "":
	case !strings.Contains(strings.Split(p, "/")[0], "."):
		name = path.Base(p)
	default:
		name, alias = guessName(p), true
	}
	unique := name
	for i := 1; reserved(unique) || n.taken(unique); i++ {
		unique = name + strconv.Itoa(i)
	}
	n.names[p], n.alias[p] = unique, alias || unique != name
}

func (n *importNames) taken(name string) bool {
	for _, v := range n.names {
		if v == name {
			return true
		}
	}
	return false
}

func (n *importNames) LocalNameOf(p string) string { return n.names[p] }

func (n *importNames) PathOf(name string) (string, bool) {
	for p, v := range n.names {
		if v == name {
			return p, true
		}
	}
	return "", false
}

// ImportLines returns the import lines in path order.
func (n *importNames) ImportLines() []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(n.names)) {
		if n.alias[p] {
			out = append(out, n.names[p]+" "+strconv.Quote(p))
		} else {
			out = append(out, strconv.Quote(p))
		}
	}
	return out
}

var nonIdent = regexp.MustCompile(`[^a-z0-9]`)

// guessName makes a name of a path's last element: lower case, letters
// and digits, no leading digit; "pkg" when nothing is left.
func guessName(p string) string {
	name := nonIdent.ReplaceAllString(strings.ToLower(path.Base(strings.TrimSuffix(p, "/"))), "")
	name = strings.TrimLeftFunc(name, unicode.IsDigit)
	if name == "" {
		return "pkg"
	}
	return name
}

// reserved reports whether jennifer kept a name from imports: a keyword,
// a predeclared identifier, or err.
func reserved(name string) bool {
	return token.IsKeyword(name) || slices.Contains(predeclared, name)
}

var predeclared = []string{
	"bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32", "int64",
	"rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "true", "false", "iota", "nil",
	"append", "cap", "close", "clear", "min", "max", "complex", "copy", "delete", "imag", "len", "make", "new",
	"panic", "print", "println", "real", "recover", "err",
}
