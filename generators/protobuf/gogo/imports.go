package gogo

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// spec is one import: its name ("" for none, "_" for a blank import) and
// path.
type spec struct{ name, path string }

// line is an import that survives into the final block; gap says that a
// blank line comes before it.
type line struct {
	spec
	gap bool
}

const sortkeysPath = "github.com/gogo/protobuf/sortkeys"

// pluginImports are the packages gogo's plugins import, by the name under
// which the final code uses them.
var pluginImports = map[string]spec{
	"io":              {"io", "io"},
	"math":            {"math", "math"},
	"math_bits":       {"math_bits", "math/bits"},
	"encoding_binary": {"encoding_binary", "encoding/binary"},
	"strings":         {"strings", "strings"},
	"reflect":         {"reflect", "reflect"},
	"fmt":             {"fmt", "fmt"},
	"sort":            {"github_com_gogo_protobuf_sortkeys", sortkeysPath},
}

// importBlock returns the import declaration of the final file, or "".
// gogo writes one block sorted by path. go-to-protobuf then drops gogo's
// own packages and blank imports, which leaves a blank line where lines
// went, and makes sortkeys "sort" in its place. goimports removes what
// the code does not use, closing the line it leaves unless a blank line
// came before it, and sorts each run of lines, standard library first
// with a blank line before the rest.
//
// A package the code uses that the block does not import is an error:
// goimports would look for it on disk.
func importBlock(specs []spec, used map[string]bool) (string, error) {
	lines := unused(rewritten(gogoSorted(specs)), used)
	if err := missing(lines, used); err != nil {
		return "", err
	}
	if len(lines) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString("import (\n")
	for i, run := range runs(lines) {
		if i > 0 {
			b.WriteString("\n")
		}
		for j, s := range run {
			if j > 0 && group(s.path) != group(run[j-1].path) {
				b.WriteString("\n")
			}
			b.WriteString(s.String() + "\n")
		}
	}
	b.WriteString(")\n")
	return b.String(), nil
}

// missing fails for a package name the code uses and no line imports.
func missing(lines []line, used map[string]bool) error {
	have := map[string]bool{}
	for _, l := range lines {
		have[l.usedName()] = true
	}
	var names []string
	for n := range used {
		if !have[n] {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	return fmt.Errorf("the code refers to %s, which gogo leaves unimported; upstream's goimports would search the disk for it",
		strings.Join(names, ", "))
}

func (s spec) String() string {
	if s.name == "" {
		return strconv.Quote(s.path)
	}
	return s.name + " " + strconv.Quote(s.path)
}

// gogoSorted sorts by path, then name, without duplicates, as
// ast.SortImports leaves gogo's block.
func gogoSorted(specs []spec) []spec {
	return sortSpecs(append([]spec(nil), specs...), false)
}

// sortSpecs sorts specs in place by group when grouped, then by path and
// name, and drops duplicates.
func sortSpecs(s []spec, grouped bool) []spec {
	sort.Slice(s, func(i, j int) bool {
		if gi, gj := group(s[i].path), group(s[j].path); grouped && gi != gj {
			return gi < gj
		}
		if s[i].path != s[j].path {
			return s[i].path < s[j].path
		}
		return s[i].name < s[j].name
	})
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// rewritten drops gogo's packages and blank imports; a line that follows
// dropped ones gets a blank line before it.
func rewritten(specs []spec) []line {
	var out []line
	gap := false
	for _, s := range specs {
		switch {
		case s.path == sortkeysPath:
			s = spec{"", "sort"}
		case s.name == "_" || strings.HasPrefix(s.path, "github.com/gogo/protobuf/"):
			gap = true
			continue
		}
		out = append(out, line{s, gap && len(out) > 0})
		gap = false
	}
	return out
}

// unused removes the imports the code does not use. A removed line that
// had a blank line before it passes the blank line on.
func unused(lines []line, used map[string]bool) []line {
	var out []line
	carry := false
	for _, l := range lines {
		if !used[l.usedName()] {
			carry = carry || l.gap
			continue
		}
		l.gap = (l.gap || carry) && len(out) > 0
		carry = false
		out = append(out, l)
	}
	return out
}

// usedName is the name by which code refers to the import.
func (s spec) usedName() string {
	if s.name != "" {
		return s.name
	}
	return s.path[strings.LastIndex(s.path, "/")+1:]
}

// runs splits the lines at blank lines and sorts each run as goimports
// does: standard library first, then by path and name, without
// duplicates.
func runs(lines []line) [][]spec {
	var out [][]spec
	for _, l := range lines {
		if l.gap || len(out) == 0 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], l.spec)
	}
	for i, r := range out {
		out[i] = sortSpecs(r, true)
	}
	return out
}

// group is goimports' group of a path: 0 for the standard library, whose
// first element has no dot, 1 for the rest.
func group(path string) int {
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return 1
	}
	return 0
}
