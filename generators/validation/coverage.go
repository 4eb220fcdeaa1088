package validation

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/output"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

const coveragePkg = "k8s.io/apimachinery/pkg/test/coverage"

// rule is one error a kind declares at a path.
type rule struct{ errType, origin string }

// declaredRules walks the graph from n and returns the errors its calls
// declare, by field path below n.
func declaredRules(n *node) map[string][]rule {
	r := &ruleWalk{rules: map[string][]rule{}, seen: map[*node]bool{}}
	r.node(n, "", false, false)
	return r.rules
}

type ruleWalk struct {
	rules map[string][]rule
	seen  map[*node]bool // the nodes on the current path, against cycles
}

func (r *ruleWalk) add(path string, fgs []v.FunctionGen) {
	for _, fg := range fgs {
		r.emits(path, fg, "")
	}
}

// emits records fg's declared errors, or those of the functions it wraps,
// whose path fragments add up in suffix.
func (r *ruleWalk) emits(base string, fg v.FunctionGen, suffix string) {
	if len(fg.Emits) > 0 {
		for _, e := range fg.Emits {
			p := base + suffix + e.PathFragment
			r.rules[p] = append(r.rules[p], rule{string(e.Type), e.Origin})
		}
		return
	}
	for _, a := range fg.Args {
		switch w := a.(type) {
		case v.WrapperFunction:
			r.emits(base, w.Function, suffix+w.PathFragment)
		case v.MultiWrapperFunction:
			for _, f := range w.Functions {
				r.emits(base, f, suffix+w.PathFragment)
			}
		}
	}
}

func (r *ruleWalk) node(n *node, path string, skipElem, skipKey bool) {
	if n == nil || r.seen[n] {
		return
	}
	r.seen[n] = true
	defer delete(r.seen, n)
	r.add(path, n.own.Functions)
	if n.own.OpaqueType {
		return
	}
	skipElem = skipElem || n.own.OpaqueValType
	skipKey = skipKey || n.own.OpaqueKeyType
	r.add(joinPath(path, "[*]"), n.valIter.Functions)
	r.add(path, n.keyIter.Functions)
	for _, f := range n.fields {
		r.edge(f, joinPath(path, f.json), false, false)
	}
	if n.elem != nil && !skipElem {
		r.edge(n.elem, joinPath(path, "[*]"), false, false)
	}
	if n.key != nil && !skipKey {
		r.edge(n.key, path, false, false)
	}
	if n.underlying != nil {
		r.edge(n.underlying, path, skipElem, skipKey)
	}
}

func (r *ruleWalk) edge(e *edge, path string, skipElem, skipKey bool) {
	r.add(path, e.own.Functions)
	r.add(joinPath(path, "[*]"), e.valIter.Functions)
	r.add(path, e.keyIter.Functions)
	if e.own.OpaqueType {
		return
	}
	r.node(e.node, path, skipElem || e.own.OpaqueValType, skipKey || e.own.OpaqueKeyType)
}

// joinPath appends a path segment; an empty one (an inlined field) adds
// nothing.
func joinPath(base, seg string) string {
	switch {
	case seg == "":
		return base
	case base == "":
		return seg
	case strings.HasPrefix(seg, "["):
		return base + seg
	}
	return base + "." + seg
}

// coverage writes the package's _coverage_test.go, which declares the
// errors each root type may report, or nil when none declares any.
func (g *Generator) coverage(d *discoverer, j *job, diags *diag.List) *output.File {
	f := output.NewGoFile(j.pkg.Path)
	kinds := 0
	for _, t := range j.roots {
		rules := declaredRules(d.nodes[t])
		if len(rules) == 0 {
			continue
		}
		kinds++
		declare(f, &kindReport{j.pkg.Path, j.pkg.Name, t.Name.Name, rules})
	}
	if kinds == 0 {
		return nil
	}
	testMain(f)
	g.start(f, j.pkg.Name)
	name := strings.TrimSuffix(g.OutputFile, ".go") + "_coverage_test.go"
	return f.File(output.Join(j.pkg.Dir, name), invalidPos, diags)
}

// writeRules writes the entries of a FieldRules literal: paths sorted,
// and the rules of a path by error type, then origin.
func writeRules(f *output.GoFile, rules map[string][]rule) {
	for _, p := range slices.Sorted(maps.Keys(rules)) {
		rs := slices.Clone(rules[p])
		slices.SortFunc(rs, func(a, b rule) int {
			return cmp.Or(cmp.Compare(a.errType, b.errType), cmp.Compare(a.origin, b.origin))
		})
		f.Printf("%s: {\n", strconv.Quote(p))
		for _, r := range rs {
			if r.origin != "" {
				f.Printf("{ErrorType: %q, Origin: %q},\n", r.errType, r.origin)
			} else {
				f.Printf("{ErrorType: %q},\n", r.errType)
			}
		}
		f.Print("},\n")
	}
}
