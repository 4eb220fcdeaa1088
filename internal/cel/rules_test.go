package cel

import (
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestRuleFields covers the parts of a rule other than its expression, and the types CEL
// gives to formats and lists.
func TestRuleFields(t *testing.T) {
	spec2 := func(rs ...map[string]any) map[string]spec.Schema {
		return root(kind(map[string]spec.Schema{"spec": ref("Spec")}),
			"Spec", rules(obj(map[string]spec.Schema{
				"a":     integer(),
				"m":     mapOf(integer()),
				"inner": obj(map[string]spec.Schema{"b": integer()}),
			}), rs...))
	}
	cases := []celCase{
		{name: "allowed reasons", defs: spec2(
			r("self.a > 0", "reason", "FieldValueInvalid"),
			r("self.a > 1", "reason", "FieldValueForbidden"),
			r("self.a > 2", "reason", "FieldValueRequired"),
			r("self.a > 3", "reason", "FieldValueDuplicate"))},
		{name: "unknown reason", defs: spec2(r("self.a > 0", "reason", "FieldValueUnknown")),
			want: []want{{KindRule, "/properties/spec", "reason", []string{`"FieldValueUnknown"`, "supported values", "FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate"}}}},
		{name: "fieldPath resolves", defs: spec2(
			r("self.a > 0", "fieldPath", ".a"),
			r("self.inner.b > 0", "fieldPath", ".inner.b"),
			r("'x' in self.m", "fieldPath", ".m['x']"))},
		{name: "fieldPath does not resolve", defs: spec2(r("self.a > 0", "fieldPath", ".nope")),
			want: []want{{KindRule, "/properties/spec", "fieldPath", []string{`".nope"`, "must be a valid path"}}}},
		{name: "messageExpression not a string", defs: spec2(r("self.a > 0", "messageExpression", "self.a")),
			want: []want{{KindRule, "/properties/spec", "messageExpression", []string{"messageExpression must evaluate to a string"}}}},
		{name: "messageExpression does not compile", defs: spec2(r("self.a > 0", "messageExpression", "self.nope")),
			want: []want{{KindRule, "/properties/spec", "messageExpression", []string{"undefined field 'nope'"}}}},
		{name: "rule not a bool", defs: spec2(r("self.a")),
			want: []want{{KindRule, "/properties/spec", "rule", []string{"must evaluate to a bool"}}}},
		{name: "oldSelf under a map list", defs: root(kind(map[string]spec.Schema{
			"items": maxItems(list(rules(obj(map[string]spec.Schema{"name": maxLen(str(), 10), "foo": maxLen(str(), 10)}, "name"), r("self.foo == oldSelf.foo")), "map", "name"), 10)}))},
		{name: "oldSelf under a map", defs: root(kind(map[string]spec.Schema{
			"m": maxProps(mapOf(rules(obj(map[string]spec.Schema{"foo": maxLen(str(), 10)}), r("self.foo == oldSelf.foo"))), 10)}))},
		{name: "oldSelf under a set", defs: root(kind(map[string]spec.Schema{
			"s": maxItems(list(rules(maxLen(str(), 10), r("self == oldSelf")), "set"), 10)})),
			want: []want{{KindRule, "/properties/s/items", "rule", []string{"oldSelf cannot be used on the uncorrelatable portion of the schema"}}}},
		{name: "optional oldSelf", defs: spec2(map[string]any{"rule": "!oldSelf.hasValue() || self.a == oldSelf.value().a", "optionalOldSelf": true})},
		{name: "formats", defs: root(rules(kind(map[string]spec.Schema{
			"data": strFormat("byte"), "day": strFormat("date"), "at": strFormat("date-time"), "wait": strFormat("duration"),
		}, "data", "day", "at", "wait"),
			r("size(self.data) <= 10"),
			r("self.day < timestamp('2030-01-01T00:00:00Z')"),
			r("self.at + self.wait > self.day"),
			r("self.wait > duration('1s')")))},
		{name: "a date-time is not a string", defs: root(rules(kind(map[string]spec.Schema{"at": strFormat("date-time")}, "at"),
			r("self.at.startsWith('2')"))),
			want: []want{{KindRule, "", "rule", []string{"found no matching overload for 'startsWith' applied to 'timestamp"}}}},
		{name: "equality of sets and map lists", defs: root(rules(kind(map[string]spec.Schema{
			"s1": list(str(), "set"), "s2": list(str(), "set"),
			"m1": list(obj(map[string]spec.Schema{"k": str(), "v": integer()}, "k"), "map", "k"),
			"m2": list(obj(map[string]spec.Schema{"k": str(), "v": integer()}, "k"), "map", "k"),
		}), r("self.s1 == self.s2"), r("self.m1 == oldSelf.m1"), r("self.s1 == ['a', 'b']"))), want: nil},
		// Two map lists of equal item schemas are still two types to CEL.
		{name: "equality of different map lists", defs: root(rules(kind(map[string]spec.Schema{
			"m1": list(obj(map[string]spec.Schema{"k": str(), "v": integer()}, "k"), "map", "k"),
			"m2": list(obj(map[string]spec.Schema{"k": str(), "v": integer()}, "k"), "map", "k"),
		}), r("self.m1 == self.m2"))),
			want: []want{{KindRule, "", "rule", []string{"found no matching overload for '_==_'"}}}},
		{name: "int-or-string as anyOf-less type pair", defs: root(kind(map[string]spec.Schema{
			"v": rules(spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"integer", "string"}}}, r("type(self) == int ? self > 0 : self.endsWith('%')"))}))},
		{name: "embedded resource", defs: root(kind(map[string]spec.Schema{
			"template": rules(ext(ext(kind(map[string]spec.Schema{"spec": obj(map[string]spec.Schema{"x": integer()})}), extEmbedded, true), extPreserve, true),
				r("self.kind == 'Pod' && self.metadata.name.startsWith('p') && self.spec.x > 0"))}))},
		{name: "odd property names", defs: root(kind(map[string]spec.Schema{
			"we.ird]": rules(integer(), r("self.nope")),
			"we":      integer(),
			"a/b~c":   obj(map[string]spec.Schema{"x": rules(integer(), r("self == 'x'"))}),
		})),
			want: []want{
				{KindRule, "/properties/we.ird]", "rule", []string{"does not support field selection"}},
				{KindRule, "/properties/a~1b~0c/properties/x", "rule", []string{"no matching overload"}},
			}},
		{name: "preserve-unknown-fields object keeps its known fields", defs: root(kind(map[string]spec.Schema{
			"cfg": rules(ext(obj(map[string]spec.Schema{"x": integer()}), extPreserve, true), r("self.x > 0"), r("self.y > 0"))})),
			want: []want{{KindRule, "/properties/cfg", "rule", []string{"undefined field 'y'"}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkCase(t, tc)
		})
	}
}

// TestLocations: a problem names where its rule is written, through references, and the
// rule's index there.
func TestLocations(t *testing.T) {
	defs := root(
		kind(map[string]spec.Schema{
			// A field-level rule next to the reference (OpenAPI v2 form).
			"spec": rules(ref("Spec"), r("self.a > 0"), r("self.nope1 > 0")),
			// The OpenAPI v3 form: allOf holding only the reference.
			"other": rules(spec.Schema{SchemaProps: spec.SchemaProps{AllOf: []spec.Schema{ref("Spec")}}}, r("self.nope2 > 0")),
			"list":  list(ref("Item")),
		}),
		"Spec", rules(obj(map[string]spec.Schema{"a": integer()}), r("self.a < 10"), r("self.nope3 > 0")),
		"Item", obj(map[string]spec.Schema{"b": rules(integer(), r("self.nope4"))}),
	)
	got := Check("T", defs, Options{})
	type loc struct {
		path, def, defPath string
		index              int
	}
	want := map[string]loc{
		"self.nope1 > 0": {"/properties/spec", "T", "/properties/spec", 1},
		"self.nope3 > 0": {"/properties/spec", "Spec", "", 1}, // and again under other, below
		"self.nope2 > 0": {"/properties/other", "T", "/properties/other", 0},
		"self.nope4":     {"/properties/list/items/properties/b", "Item", "/properties/b", 0},
	}
	seen := map[string]int{}
	for _, p := range got {
		w, ok := want[p.Rule]
		if !ok || p.Kind != KindRule || p.Field != "rule" {
			t.Errorf("unexpected: %s", p)
			continue
		}
		seen[p.Rule]++
		if p.Rule == "self.nope3 > 0" && p.Path == "/properties/other" {
			w.path = "/properties/other"
		}
		if (loc{p.Path, p.Def, p.DefPath, p.Index}) != w {
			t.Errorf("%q at %+v, want %+v", p.Rule, loc{p.Path, p.Def, p.DefPath, p.Index}, w)
		}
	}
	if seen["self.nope1 > 0"] != 1 || seen["self.nope2 > 0"] != 1 || seen["self.nope3 > 0"] != 2 || seen["self.nope4"] != 1 {
		t.Errorf("seen %v\n%s", seen, dump(got))
	}
}

// TestRecursion: a recursive type is expanded once more below itself, so its rules can see
// their children, and cut below that.
func TestRecursion(t *testing.T) {
	node := func(rs ...map[string]any) map[string]spec.Schema {
		return root(kind(map[string]spec.Schema{"tree": ref("Node")}),
			"Node", rules(obj(map[string]spec.Schema{
				"name":     maxLen(str(), 10),
				"children": maxItems(list(ref("Node")), 10),
			}), rs...))
	}
	checkCase(t, celCase{name: "children", defs: node(r("self.children.all(c, c.name != self.name)"))})
	// Where the recursion is cut, CEL sees only the scalar fields.
	checkCase(t, celCase{name: "grandchildren", defs: node(r("self.children.all(c, c.children.all(d, d.name != ''))"))})
	checkCase(t, celCase{name: "great-grandchildren", defs: node(r("self.children.all(c, c.children.all(d, size(d.children) > 0))")),
		want: []want{{KindRule, "/properties/tree", "rule", []string{"undefined field 'children'", "recursive", `"Node"`, "only its scalar fields"}}}})
	// A list map of items that hold the type again: where the recursion
	// is cut, the items keep their keys.
	checkCase(t, celCase{name: "listmap", defs: root(kind(map[string]spec.Schema{"index": ref("Index")}),
		"Index", rules(obj(map[string]spec.Schema{
			"tokens": maxItems(list(ref("Token"), "map", "unit"), 10),
			"n":      integer(),
		}), r("self.n >= 0")),
		"Token", obj(map[string]spec.Schema{"unit": maxLen(str(), 10), "index": ref("Index")}, "unit"))})
	// Mutual recursion, through a map.
	checkCase(t, celCase{name: "mutual", defs: root(kind(map[string]spec.Schema{"a": ref("A")}),
		"A", rules(obj(map[string]spec.Schema{"bs": maxProps(mapOf(ref("B")), 5)}), r("self.bs.all(k, size(self.bs[k].as) < 3)")),
		"B", obj(map[string]spec.Schema{"as": maxItems(list(ref("A")), 5)}))})
}

// TestSchemaProblems: references that do not resolve, and schemas the API server refuses,
// under which it compiles no rule.
func TestSchemaProblems(t *testing.T) {
	checkCase(t, celCase{name: "unresolved", defs: root(kind(map[string]spec.Schema{"x": ref("Missing")})),
		want: []want{{KindSchema, "/properties/x", "", []string{`"#/definitions/Missing"`, "does not resolve"}}}})
	checkCase(t, celCase{name: "bad list-map key", defs: root(rules(kind(map[string]spec.Schema{
		"l": list(obj(map[string]spec.Schema{"name": str()}, "name"), "map", "nope")}), r("self.nope > 0"))),
		want: []want{{KindSchema, "/properties/l", "", []string{"x-kubernetes-list-map-keys", "entries must all be names of item properties"}}}})
	if got := Check("Nope", nil, Options{}); len(got) != 1 || got[0].Kind != KindSchema {
		t.Errorf("missing root: %v", got)
	}
}

// TestTypedExtension: the rules may also be given as apiextensions v1 values.
func TestTypedExtension(t *testing.T) {
	s := ext(kind(map[string]spec.Schema{"a": integer()}), extValidations, []apiextensionsv1.ValidationRule{
		{Rule: "self.a > 0"}, {Rule: "self.b > 0"},
	})
	checkCase(t, celCase{name: "typed", defs: root(s),
		want: []want{{KindRule, "", "rule", []string{"undefined field 'b'"}}}})
}

// TestConcurrent runs Check from many goroutines at once (go test -race).
func TestConcurrent(t *testing.T) {
	all := suite()
	done := make(chan struct{})
	for range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for _, tc := range all {
				Check("T", tc.defs, Options{})
			}
		}()
	}
	for range 4 {
		<-done
	}
}
