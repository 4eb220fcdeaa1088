package cel

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

const containsRule = "self.all(x, x.contains('a string'))"

// costCases are the documented cost cases.
func costCases() []celCase {
	return []celCase{
		{name: "contains on an unbounded list of unbounded strings", defs: root(kind(map[string]spec.Schema{
			"list": rules(list(str()), r(containsRule))})),
			want: costOver("/properties/list", "rule")},
		{name: "contains on a bounded list of bounded strings", defs: root(kind(map[string]spec.Schema{
			"list": rules(maxItems(list(maxLen(str(), 10)), 25), r(containsRule))}))},
		{name: "equality on an unbounded list of integers", defs: root(kind(map[string]spec.Schema{
			"list": rules(list(integer()), r("self.all(x, x == 5)"))}))},
		{name: "equality on each inner list of unbounded nested lists", defs: root(kind(map[string]spec.Schema{
			"lists": list(rules(list(integer()), r("self.all(x, x == 5)")))})),
			want: costOver("/properties/lists/items", "rule")},
	}
}

func TestDocumentedCost(t *testing.T) {
	for _, tc := range costCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkCase(t, tc)
		})
	}
}

// TestCostFigures checks the figures of the over-budget cases, that the bounds they name
// are the ones the rule depends on, and that setting exactly those makes the problems go.
func TestCostFigures(t *testing.T) {
	cases := []struct {
		name   string
		defs   map[string]spec.Schema
		bounds []string // keyword@DefPath, all in def T
	}{
		{name: "list of strings", defs: costCases()[0].defs,
			bounds: []string{"maxItems@/properties/list", "maxLength@/properties/list/items"}},
		{name: "nested lists", defs: costCases()[3].defs,
			// The outer list makes the inner rule repeat; the inner list is what it iterates.
			bounds: []string{"maxItems@/properties/lists", "maxItems@/properties/lists/items"}},
		{name: "only what the rule reads", defs: root(rules(kind(map[string]spec.Schema{
			"list":  list(str()),
			"other": list(str()),
			"name":  str(),
			"count": integer(),
		}), r("self.list.all(x, x.contains('a string'))"))),
			bounds: []string{"maxItems@/properties/list", "maxLength@/properties/list/items"}},
		{name: "map values", defs: root(kind(map[string]spec.Schema{
			"m": rules(mapOf(str()), r("self.all(k, self[k].contains('a string'))"))})),
			bounds: []string{"maxProperties@/properties/m", "maxLength@/properties/m/additionalProperties"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Check("T", tc.defs, Options{})
			var over *Problem
			for i := range got {
				if got[i].Kind == KindCost {
					over = &got[i]
				}
			}
			if over == nil {
				t.Fatalf("no cost problem:\n%s", dump(got))
			}
			c := over.Cost
			if c == nil || c.Limit != RuleCostLimit || c.Estimated <= RuleCostLimit {
				t.Fatalf("cost figures: %+v", c)
			}
			var names []string
			for _, b := range c.Bounds {
				if b.Def != "T" {
					t.Errorf("bound %s not in T", b)
				}
				names = append(names, b.Keyword+"@"+b.DefPath)
			}
			if strings.Join(names, " ") != strings.Join(tc.bounds, " ") {
				t.Errorf("bounds = %v, want %v", names, tc.bounds)
			}
			for _, p := range got {
				if p.Kind == KindTotalCost && p.Index < 0 && (p.Cost == nil || p.Cost.Limit != TotalCostLimit || p.Cost.Estimated != c.Estimated) {
					t.Errorf("total: %+v, want the one rule's %d", p.Cost, c.Estimated)
				}
			}
			if fixed := Check("T", withBounds(t, tc.defs, c.Bounds), Options{}); len(fixed) != 0 {
				t.Errorf("with the suggested bounds:\n%s", dump(fixed))
			}
		})
	}
}

// TestNoBoundSearch: without the search only the lists and maps above the rule are named.
func TestNoBoundSearch(t *testing.T) {
	for _, p := range Check("T", costCases()[3].defs, Options{NoBoundSearch: true}) {
		if p.Kind != KindCost {
			continue
		}
		if len(p.Cost.Bounds) != 1 || p.Cost.Bounds[0].DefPath != "/properties/lists" || p.Cost.Bounds[0].Keyword != "maxItems" {
			t.Errorf("bounds = %v", p.Cost.Bounds)
		}
		return
	}
	t.Fatal("no cost problem")
}

// TestTotalCost: rules each within the per-rule limit that together exceed the per-CRD
// limit. An unbounded list of integers costs 6,291,454 for self.all(x, x == 5): 15 such
// lists are within 100,000,000, 17 are not.
func TestTotalCost(t *testing.T) {
	build := func(n int, bound bool) map[string]spec.Schema {
		props := map[string]spec.Schema{}
		for i := range n {
			l := list(integer())
			if bound {
				l = maxItems(l, 1000)
			}
			props[fmt.Sprintf("l%02d", i)] = rules(l, r("self.all(x, x == 5)"))
		}
		return root(kind(props))
	}
	if got := Check("T", build(15, false), Options{}); len(got) != 0 {
		t.Fatalf("15 rules:\n%s", dump(got))
	}
	got := Check("T", build(17, false), Options{})
	var total *Problem
	var contributors []Problem
	for i, p := range got {
		switch {
		case p.Kind == KindTotalCost && p.Index < 0:
			total = &got[i]
		case p.Kind == KindTotalCost:
			contributors = append(contributors, p)
		default:
			t.Errorf("unexpected: %s", p)
		}
	}
	if total == nil || !containsAll(total.Message, []string{"estimated rule cost total", "exceeds budget by factor of 1.069547x"}) || total.Path != "" {
		t.Fatalf("no total problem at the root:\n%s", dump(got))
	}
	// The API server names the four most expensive rules.
	if len(contributors) != 4 {
		t.Fatalf("contributors: %d\n%s", len(contributors), dump(got))
	}
	one := contributors[0].Cost.Estimated
	for _, p := range contributors {
		if p.Cost.Estimated != one || one >= RuleCostLimit || p.Cost.Limit != TotalCostLimit ||
			!strings.Contains(p.Message, "contributed to estimated rule cost total exceeding cost limit") || p.Field != "rule" {
			t.Errorf("contributor: %s", p)
		}
		if len(p.Cost.Bounds) != 1 || p.Cost.Bounds[0].Keyword != "maxItems" || p.Cost.Bounds[0].DefPath != p.DefPath {
			t.Errorf("contributor bounds: %s", p)
		}
	}
	if total.Cost.Estimated != 17*one || total.Cost.Limit != TotalCostLimit || len(total.Cost.Bounds) != 4 {
		t.Errorf("total: %+v, want 17 × %d", total.Cost, one)
	}
	if got := Check("T", build(17, true), Options{}); len(got) != 0 {
		t.Errorf("bounded:\n%s", dump(got))
	}
}

// withBounds returns a copy of defs with the bounds set (lists 25 items, maps 25
// properties, strings 10 characters).
func withBounds(t *testing.T, defs map[string]spec.Schema, bounds []Bound) map[string]spec.Schema {
	out := map[string]spec.Schema{}
	for k, v := range defs {
		out[k] = v
	}
	for _, b := range bounds {
		s := out[b.Def]
		out[b.Def] = setBound(t, s, strings.Split(strings.TrimPrefix(b.DefPath, "/"), "/"), b.Keyword)
	}
	return out
}

func setBound(t *testing.T, s spec.Schema, path []string, keyword string) spec.Schema {
	if len(path) == 0 || path[0] == "" {
		switch keyword {
		case "maxItems":
			return maxItems(s, 25)
		case "maxProperties":
			return maxProps(s, 25)
		case "maxLength":
			return maxLen(s, 10)
		}
		t.Fatalf("keyword %q", keyword)
	}
	switch path[0] {
	case "properties":
		props := map[string]spec.Schema{}
		for k, v := range s.Properties {
			props[k] = v
		}
		name := unescapePointer(path[1])
		props[name] = setBound(t, props[name], path[2:], keyword)
		s.Properties = props
	case "items":
		items := setBound(t, *s.Items.Schema, path[1:], keyword)
		s.Items = &spec.SchemaOrArray{Schema: &items}
	case "additionalProperties":
		v := setBound(t, *s.AdditionalProperties.Schema, path[1:], keyword)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &v}
	default:
		t.Fatalf("path %v", path)
	}
	return s
}
