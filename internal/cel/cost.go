package cel

import (
	"maps"
	"math"
	"slices"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiextensionscel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// The API server says whether a rule is over budget, and by what factor; the figures in
// Cost come from compiling the rule again here, with the same Compile, environment and
// cardinality bookkeeping (validation.CELSchemaContext) the API server's check uses. That
// happens only for problems the API server reported.

// step is one hop from a schema node to a child: "properties" with a name, "items" or
// "additionalProperties".
type step struct{ kind, name string }

func parsePointer(ptr string) []step {
	var steps []string
	if ptr != "" {
		steps = strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	}
	var out []step
	for i := 0; i < len(steps); i++ {
		if steps[i] == "properties" && i+1 < len(steps) {
			out = append(out, step{kind: "properties", name: unescapePointer(steps[i+1])})
			i++
			continue
		}
		out = append(out, step{kind: steps[i]})
	}
	return out
}

func (s step) pointer() string {
	if s.kind == "properties" {
		return pointerProps + escapePointer(s.name)
	}
	return "/" + s.kind
}

func child(n *apiextensions.JSONSchemaProps, s step) *apiextensions.JSONSchemaProps {
	switch s.kind {
	case "properties":
		if p, ok := n.Properties[s.name]; ok {
			return &p
		}
	case "items":
		if n.Items != nil {
			return n.Items.Schema
		}
	case "additionalProperties":
		if n.AdditionalProperties != nil {
			return n.AdditionalProperties.Schema
		}
	}
	return nil
}

// nodeCosts is one rule-bearing node compiled as the API server compiles it.
type nodeCosts struct {
	node    *apiextensions.JSONSchemaProps
	ptr     string
	ctx     *validation.CELSchemaContext
	results []apiextensionscel.CompilationResult
	// ancestors are the nodes from the root down to (not including) node, each with the
	// step taken from it.
	ancestors []ancestor
}

type ancestor struct {
	node *apiextensions.JSONSchemaProps
	ptr  string
	next step
}

type costs struct {
	c     *converted
	nodes map[string]*nodeCosts
}

func (k *costs) at(ptr string) *nodeCosts {
	if nc, ok := k.nodes[ptr]; ok {
		return nc
	}
	nc := &nodeCosts{ptr: ptr}
	k.nodes[ptr] = nc
	node := k.c.root
	ctx := validation.RootCELContext(node)
	cur := ""
	for _, s := range parsePointer(ptr) {
		next := child(node, s)
		if next == nil {
			return nc
		}
		nc.ancestors = append(nc.ancestors, ancestor{node: node, ptr: cur, next: s})
		switch s.kind {
		case "properties":
			ctx = ctx.ChildPropertyContext(next, s.name)
		case "items":
			ctx = ctx.ChildItemsContext(next)
		case "additionalProperties":
			ctx = ctx.ChildAdditionalPropertiesContext(next)
		}
		node, cur = next, cur+s.pointer()
	}
	nc.node, nc.ctx = node, ctx
	nc.results = compile(ctx)
	return nc
}

func compile(ctx *validation.CELSchemaContext) []apiextensionscel.CompilationResult {
	info, err := ctx.TypeInfo()
	if err != nil || info == nil {
		return nil
	}
	results, err := apiextensionscel.Compile(info.Schema, info.DeclType, celconfig.PerCallLimit, baseEnv(), apiextensionscel.NewExpressionsEnvLoader())
	if err != nil {
		return nil
	}
	return results
}

// cost is the API server's estimate for rule i at the node: a rule's cost times the
// number of times the node can occur, or a messageExpression's cost alone.
func (nc *nodeCosts) cost(i int, part string) (uint64, bool) {
	if i >= len(nc.results) {
		return 0, false
	}
	r := nc.results[i]
	if part == "messageExpression" {
		return r.MessageExpressionMaxCost, true
	}
	card := r.MaxCardinality
	if nc.ctx.MaxCardinality != nil {
		card = *nc.ctx.MaxCardinality
	}
	return mulCapped(r.MaxCost, card), true
}

func mulCapped(a, b uint64) uint64 {
	if a != 0 && b > math.MaxUint64/a {
		return math.MaxUint64
	}
	return a * b
}

// total sums the cost of every rule and messageExpression of the schema, as the API
// server's per-CRD total does.
func (k *costs) total() uint64 {
	var total validation.TotalCost
	var walk func(n *apiextensions.JSONSchemaProps, ptr string)
	walk = func(n *apiextensions.JSONSchemaProps, ptr string) {
		if len(n.XValidations) > 0 {
			nc := k.at(ptr)
			for i := range nc.results {
				cost, _ := nc.cost(i, "rule")
				total.ObserveExpressionCost(nil, cost)
				if nc.results[i].MessageExpression != nil {
					total.ObserveExpressionCost(nil, nc.results[i].MessageExpressionMaxCost)
				}
			}
		}
		for _, name := range slices.Sorted(maps.Keys(n.Properties)) {
			p := n.Properties[name]
			walk(&p, ptr+pointerProps+escapePointer(name))
		}
		if n.Items != nil && n.Items.Schema != nil {
			walk(n.Items.Schema, ptr+pointerItems)
		}
		if n.AdditionalProperties != nil && n.AdditionalProperties.Schema != nil {
			walk(n.AdditionalProperties.Schema, ptr+pointerAddlProps)
		}
	}
	walk(k.c.root, "")
	return total.Total
}

// addCosts fills in Cost for the cost problems.
func (c *converted) addCosts(problems []Problem, targets []target, opts Options) {
	k := &costs{c: c, nodes: map[string]*nodeCosts{}}
	root := -1
	var all []Bound
	for i := range problems {
		p := &problems[i]
		if p.Kind != KindCost && p.Kind != KindTotalCost {
			continue
		}
		t := targets[i]
		if t.index < 0 {
			root = i
			continue
		}
		nc := k.at(t.ptr)
		est, ok := nc.cost(t.index, t.part)
		if !ok {
			continue
		}
		limit := uint64(RuleCostLimit)
		if p.Kind == KindTotalCost {
			limit = TotalCostLimit
		}
		p.Cost = &Cost{Estimated: est, Limit: limit, Bounds: c.bounds(nc, t.index, t.part, opts)}
		all = appendBounds(all, p.Cost.Bounds...)
	}
	if root >= 0 {
		problems[root].Cost = &Cost{Estimated: k.total(), Limit: TotalCostLimit, Bounds: all}
	}
}

func appendBounds(list []Bound, more ...Bound) []Bound {
	for _, b := range more {
		seen := false
		for _, x := range list {
			if x.Path == b.Path && x.Keyword == b.Keyword {
				seen = true
				break
			}
		}
		if !seen {
			list = append(list, b)
		}
	}
	return list
}

func (c *converted) bound(keyword, ptr string) Bound {
	at := c.nodes[ptr]
	return Bound{Keyword: keyword, Path: ptr, Def: at.def, DefPath: at.path}
}

// bounds lists the missing limits that the estimate of rule i at the node depends on.
func (c *converted) bounds(nc *nodeCosts, i int, part string, opts Options) []Bound {
	var out []Bound
	// A messageExpression's cost is not multiplied by repetitions.
	if part != "messageExpression" && nc.ctx.MaxCardinality == nil {
		for _, a := range nc.ancestors {
			switch {
			case a.next.kind == "items" && a.node.MaxItems == nil:
				out = append(out, c.bound("maxItems", a.ptr))
			case a.next.kind == "additionalProperties" && a.node.MaxProperties == nil:
				out = append(out, c.bound("maxProperties", a.ptr))
			}
		}
	}
	if opts.NoBoundSearch {
		return out
	}
	var cands []candidate
	collectCandidates(nc.node, nil, &cands)
	if len(cands) == 0 {
		return out
	}
	m := measure{node: nc.node, rule: nc.node.XValidations[i], part: part, root: nc.ptr == "" || nc.node.XEmbeddedResource}
	base, ok := m.cost(nil)
	if !ok || base == 0 {
		return out
	}
	for _, cd := range m.relevant(cands, base) {
		ptr := nc.ptr
		for _, s := range cd.steps {
			ptr += s.pointer()
		}
		out = append(out, c.bound(cd.keyword, ptr))
	}
	return out
}

// candidate is an unbounded list, map or string within a rule's schema, by its steps from
// the rule's node.
type candidate struct {
	steps   []step
	keyword string
}

func collectCandidates(n *apiextensions.JSONSchemaProps, steps []step, out *[]candidate) {
	add := func(kw string) {
		*out = append(*out, candidate{steps: append([]step(nil), steps...), keyword: kw})
	}
	switch {
	case n.Items != nil && n.Items.Schema != nil:
		if n.MaxItems == nil {
			add("maxItems")
		}
	case n.AdditionalProperties != nil && n.AdditionalProperties.Schema != nil:
		if n.MaxProperties == nil {
			add("maxProperties")
		}
	case n.XIntOrString || (n.Type == "string" && len(n.Enum) == 0 && n.Format != "date" && n.Format != "date-time" && n.Format != "duration"):
		// The estimate for these formats ignores maxLength.
		if n.MaxLength == nil {
			add("maxLength")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(n.Properties)) {
		p := n.Properties[name]
		collectCandidates(&p, append(steps, step{kind: "properties", name: name}), out)
	}
	if n.Items != nil && n.Items.Schema != nil {
		collectCandidates(n.Items.Schema, append(steps, step{kind: "items"}), out)
	}
	if n.AdditionalProperties != nil && n.AdditionalProperties.Schema != nil {
		collectCandidates(n.AdditionalProperties.Schema, append(steps, step{kind: "additionalProperties"}), out)
	}
}

// measure recompiles one rule on a copy of its node with some limits set to 1, to see
// which limits its estimate depends on.
type measure struct {
	node *apiextensions.JSONSchemaProps
	rule apiextensions.ValidationRule
	part string
	root bool
}

func (m measure) cost(bounded []candidate) (uint64, bool) {
	n := m.node.DeepCopy()
	n.XValidations = apiextensions.ValidationRules{m.rule}
	for _, cd := range bounded {
		setLimit(n, cd.steps, cd.keyword)
	}
	s, err := structuralschema.NewStructural(n)
	if err != nil {
		return 0, false
	}
	decl := model.SchemaDeclType(s, m.root)
	results, err := apiextensionscel.Compile(s, decl, celconfig.PerCallLimit, baseEnv(), apiextensionscel.NewExpressionsEnvLoader())
	if err != nil || len(results) != 1 || results[0].Error != nil {
		return 0, false
	}
	if m.part == "messageExpression" {
		return results[0].MessageExpressionMaxCost, true
	}
	return results[0].MaxCost, true
}

// relevant returns the candidates whose limit lowers the estimate, testing groups first
// so that a rule touching few of many candidates needs few compilations. A candidate
// counts when limiting it alone saves at least 1% of the estimate; candidates that only
// matter together (the costlier branch of a conditional, say) are returned together.
func (m measure) relevant(cands []candidate, base uint64) []candidate {
	cost, ok := m.cost(cands)
	if !ok || cost >= base || base-cost < base/100 {
		return nil
	}
	if len(cands) == 1 {
		return cands
	}
	half := len(cands) / 2
	out := append(m.relevant(cands[:half], base), m.relevant(cands[half:], base)...)
	if len(out) == 0 {
		return cands
	}
	return out
}

func setLimit(n *apiextensions.JSONSchemaProps, steps []step, keyword string) {
	if len(steps) == 0 {
		one := int64(1)
		switch keyword {
		case "maxItems":
			n.MaxItems = &one
		case "maxProperties":
			n.MaxProperties = &one
		case "maxLength":
			n.MaxLength = &one
		}
		return
	}
	s := steps[0]
	switch s.kind {
	case "properties":
		p := n.Properties[s.name]
		setLimit(&p, steps[1:], keyword)
		n.Properties[s.name] = p
	case "items":
		setLimit(n.Items.Schema, steps[1:], keyword)
	case "additionalProperties":
		setLimit(n.AdditionalProperties.Schema, steps[1:], keyword)
	}
}
