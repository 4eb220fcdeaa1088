package cel

import (
	"strings"
	"testing"
	"time"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// want describes one expected Problem: its kind, node and rule part, and substrings of its
// message.
type want struct {
	kind     Kind
	path     string
	field    string
	contains []string
}

// celCase is one case of /work/shared/cel-rules.md. defs mirrors the Go types the case
// describes, as the openapi generator writes them (one schema per named type, $ref between
// them); the root type is "T". Problems are compared as a whole: every problem must be
// wanted and every want met.
type celCase struct {
	name string
	defs map[string]spec.Schema
	want []want
}

func root(t spec.Schema, more ...any) map[string]spec.Schema {
	defs := map[string]spec.Schema{"T": t, metaDef: objectMeta()}
	for i := 0; i+1 < len(more); i += 2 {
		defs[more[i].(string)] = more[i+1].(spec.Schema)
	}
	return defs
}

// The cost message of the API server. The documentation quotes an older wording ("CEL rule
// exceeded budget by more than 100x ... where arrays, maps, and strings are used"); these
// are the parts both wordings share.
var overBudget = []string{"more than 100x", "try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are"}

// limits applies the maxItems/maxLength/maxProperties markers a case needs to stay within
// the cost budget, or leaves them out (bounded false) to show what the API server says then.
type limits bool

func (l limits) items(s spec.Schema, n int64) spec.Schema {
	if !l {
		return s
	}
	return maxItems(s, n)
}

func (l limits) length(s spec.Schema, n int64) spec.Schema {
	if !l {
		return s
	}
	return maxLen(s, n)
}

// validCase is a documented valid rule. With its limits the rule must give no problem at
// all, except that limited lists the problems the API server (v0.37.2, cel-go v0.29.2)
// reports however the schema is limited: there the documentation is out of date, and the
// rule only compiles. The documentation describes the schemas without limits; where the
// API server's estimate then goes over budget, unbounded lists the cost problems it
// reports. No list may hold a KindRule problem: every documented valid rule compiles.
type validCase struct {
	name      string
	defs      func(l limits) map[string]spec.Schema
	limited   []want
	unbounded []want
}

// costOver is what the API server reports for one rule whose estimate exceeds both the
// per-rule and, on its own, the per-CRD limit.
func costOver(path, field string) []want {
	return []want{
		{KindCost, path, field, overBudget},
		{KindTotalCost, path, field, []string{"contributed to estimated rule cost total exceeding cost limit"}},
		{KindTotalCost, "", "", overBudget},
	}
}

func fixed(defs map[string]spec.Schema) func(limits) map[string]spec.Schema {
	return func(limits) map[string]spec.Schema { return defs }
}

func validCases() []validCase {
	return []validCase{
		{name: "replicas bounds on a referenced type", defs: fixed(root(
			kind(map[string]spec.Schema{"spec": ref("Spec")}),
			"Spec", rules(obj(map[string]spec.Schema{"minReplicas": integer(), "replicas": integer(), "maxReplicas": integer()}, "replicas"),
				r("self.minReplicas <= self.replicas && self.replicas <= self.maxReplicas"))))},
		{name: "in on a map", defs: fixed(root(rules(kind(map[string]spec.Schema{"stateCounts": mapOf(integer())}),
			r("'Available' in self.stateCounts"))))},
		{name: "size of two lists", defs: fixed(root(rules(kind(map[string]spec.Schema{"list1": list(str()), "list2": list(str())}),
			r("(size(self.list1) == 0) != (size(self.list2) == 0)"))))},
		{name: "map value matches", defs: fixed(root(rules(kind(map[string]spec.Schema{"map1": mapOf(str())}),
			r("!('MY_KEY' in self.map1) || self.map1['MY_KEY'].matches('^[a-zA-Z]*$')"))))},
		// The estimator loses the size of the elements of filter's result, so matches on
		// them costs the most there is, whatever the limits: the API server refuses this rule.
		{name: "filter and all on a map list", defs: func(l limits) map[string]spec.Schema {
			return root(rules(kind(map[string]spec.Schema{
				"envars": l.items(list(obj(map[string]spec.Schema{"name": l.length(str(), 64), "value": l.length(str(), 256)}, "name"), "map", "name"), 100)}),
				r("self.envars.filter(e, e.name == 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$'))")))
		}, limited: costOver("", "rule"), unbounded: costOver("", "rule")},
		// The same check written so that the estimate keeps the sizes.
		{name: "filter and all on a map list, as one all", defs: func(l limits) map[string]spec.Schema {
			return root(rules(kind(map[string]spec.Schema{
				"envars": l.items(list(obj(map[string]spec.Schema{"name": l.length(str(), 64), "value": l.length(str(), 256)}, "name"), "map", "name"), 100)}),
				r("self.envars.all(e, e.name != 'MY_ENV' || e.value.matches('^[a-zA-Z]*$'))")))
		}, unbounded: costOver("", "rule")},
		{name: "date-time and duration", defs: fixed(root(rules(kind(map[string]spec.Schema{
			"created": strFormat("date-time"), "expired": strFormat("date-time"), "ttl": strFormat("duration")}, "created", "ttl"),
			r("has(self.expired) && self.created + self.ttl < self.expired"))))},
		{name: "startsWith", defs: fixed(root(rules(kind(map[string]spec.Schema{"health": str()}),
			r("self.health.startsWith('ok')"))))},
		{name: "exists on a map list", defs: fixed(root(rules(kind(map[string]spec.Schema{
			"widgets": list(obj(map[string]spec.Schema{"key": str(), "foo": integer()}, "key"), "map", "key")}),
			r("self.widgets.exists(w, w.key == 'x' && w.foo < 10)"))))},
		{name: "int-or-string", defs: fixed(root(kind(map[string]spec.Schema{
			"value": rules(intOrString(), r("type(self) == string ? self == '100%' : self == 1000"))})))},
		{name: "metadata at the root", defs: fixed(root(rules(kind(map[string]spec.Schema{"prefix": str()}),
			r("self.metadata.name.startsWith(self.prefix)"))))},
		{name: "set membership", defs: func(l limits) map[string]spec.Schema {
			return root(rules(kind(map[string]spec.Schema{"set1": l.items(list(str(), "set"), 100), "set2": l.items(list(str(), "set"), 100)}),
				r("self.set1.all(e, !(e in self.set2))")))
		}, unbounded: costOver("", "rule")},
		{name: "set and map sizes", defs: fixed(root(rules(kind(map[string]spec.Schema{"names": list(str(), "set"), "details": mapOf(str())}),
			r("size(self.names) == size(self.details) && self.names.all(n, n in self.details)"))))},
		{name: "filter on a map list", defs: func(l limits) map[string]spec.Schema {
			return root(rules(kind(map[string]spec.Schema{
				"clusters": l.items(list(obj(map[string]spec.Schema{"name": l.length(str(), 64)}, "name"), "map", "name"), 100), "primary": l.length(str(), 64)}),
				r("size(self.clusters.filter(c, c.name == self.primary)) == 1")))
		}, unbounded: costOver("", "rule")},
		{name: "across spec and status", defs: fixed(root(
			rules(kind(map[string]spec.Schema{"spec": ref("Spec"), "status": ref("Status")}),
				r("self.status.availableReplicas >= self.spec.minReplicas")),
			"Spec", obj(map[string]spec.Schema{"minReplicas": integer()}, "minReplicas"),
			"Status", obj(map[string]spec.Schema{"availableReplicas": integer()}, "availableReplicas")))},
		{name: "map of objects", defs: fixed(root(rules(kind(map[string]spec.Schema{
			"components": mapOf(obj(map[string]spec.Schema{"priority": integer()}))}),
			r("self.components['Widget'].priority < 10"))))},
		{name: "all on a list of integers", defs: func(l limits) map[string]spec.Schema {
			return root(rules(kind(map[string]spec.Schema{"values": l.items(list(integer()), 1000)}),
				r("self.values.all(value, value >= 0 && value < 100)")))
		}, unbounded: []want{{KindCost, "", "rule", []string{"estimated rule cost exceeds budget by factor of 1.1"}}}},
		{name: "reserved word escaped", defs: fixed(root(rules(kind(map[string]spec.Schema{"namespace": integer()}, "namespace"),
			r("self.__namespace__ > 0"))))},
		{name: "dash escaped", defs: fixed(root(rules(kind(map[string]spec.Schema{"x-prop": integer()}, "x-prop"),
			r("self.x__dash__prop > 0"))))},
		{name: "underscores escaped", defs: fixed(root(rules(kind(map[string]spec.Schema{"redact__d": integer()}, "redact__d"),
			r("self.redact__underscores__d > 0"))))},
		{name: "transition rule: immutable field", defs: fixed(root(
			kind(map[string]spec.Schema{"spec": ref("Spec")}),
			"Spec", rules(obj(map[string]spec.Schema{"foo": str()}), r("self.foo == oldSelf.foo"))))},
		{name: "transition rule: append-only set", defs: func(l limits) map[string]spec.Schema {
			return root(kind(map[string]spec.Schema{
				"tags": rules(l.items(list(str(), "set"), 100), r("self.all(element, element in oldSelf)"))}))
		}, unbounded: costOver("/properties/tags", "rule")},
		// The size of string(int) is unknown to the estimator, so concatenating it costs the
		// most there is, and no limit helps: the API server refuses this messageExpression.
		{name: "messageExpression", defs: fixed(root(rules(kind(map[string]spec.Schema{"x": integer(), "maxLimit": integer()}, "x", "maxLimit"),
			r("self.x <= self.maxLimit", "messageExpression", `"x exceeded max limit of " + string(self.maxLimit)`)))),
			limited: costOver("", "messageExpression")},
		// The same message through format, which the API server accepts.
		{name: "messageExpression with format", defs: fixed(root(rules(kind(map[string]spec.Schema{"x": integer(), "maxLimit": integer()}, "x", "maxLimit"),
			r("self.x <= self.maxLimit", "messageExpression", `"x exceeded max limit of %d".format([self.maxLimit])`))))},
	}
}

// rejectedCases are the documented rejected rules, with the documented reason.
func rejectedCases() []celCase {
	return []celCase{
		{name: "undefined field", defs: root(rules(kind(map[string]spec.Schema{"a": integer()}), r("self.nonExistingField > 0"))),
			want: []want{{KindRule, "", "rule", []string{"undefined field 'nonExistingField'"}}}},
		{name: "integer compared with bool", defs: root(kind(map[string]spec.Schema{"count": rules(integer(), r("self == true"))})),
			want: []want{{KindRule, "/properties/count", "rule", []string{"no matching overload"}}}},
		{name: "has on self", defs: root(kind(map[string]spec.Schema{"count": rules(integer(), r("has(self)"))})),
			want: []want{{KindRule, "/properties/count", "rule", []string{"invalid argument to has() macro"}}}},
		{name: "messageExpression not a string", defs: root(rules(kind(map[string]spec.Schema{"x": integer(), "maxLimit": integer()}),
			r("self.x <= self.maxLimit", "messageExpression", "self.maxLimit"))),
			want: []want{{KindRule, "", "messageExpression", []string{"messageExpression must evaluate to a string"}}}},
		{name: "oldSelf under an atomic list", defs: root(kind(map[string]spec.Schema{
			"items": maxItems(list(rules(obj(map[string]spec.Schema{"foo": maxLen(str(), 10)}), r("self.foo == oldSelf.foo"))), 10)})),
			want: []want{{KindRule, "/properties/items/items", "rule", []string{"oldSelf cannot be used on the uncorrelatable portion of the schema"}}}},
	}
}

func TestDocumentedValidRules(t *testing.T) {
	for _, tc := range validCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := checkCase(t, celCase{name: tc.name, defs: tc.defs(true), want: tc.limited})
			for _, p := range got {
				if p.Kind == KindCost && len(p.Cost.Bounds) != 0 {
					t.Errorf("no limit can help, yet the problem suggests some: %s", p)
				}
			}
			if tc.unbounded != nil {
				checkCase(t, celCase{name: tc.name + " unbounded", defs: tc.defs(false), want: tc.unbounded})
			}
		})
	}
}

func TestDocumentedRejectedRules(t *testing.T) {
	for _, tc := range rejectedCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkCase(t, tc)
		})
	}
}

func checkCase(t *testing.T, tc celCase) []Problem {
	t.Helper()
	got := Check("T", tc.defs, Options{})
	matched := make([]bool, len(got))
	for _, w := range tc.want {
		found := false
		for i, p := range got {
			if matched[i] || p.Kind != w.kind || p.Path != w.path || p.Field != w.field || !containsAll(p.Message, w.contains) {
				continue
			}
			matched[i], found = true, true
			break
		}
		if !found {
			t.Errorf("want a %s problem at %q %s containing %q; got:\n%s", w.kind, w.path, w.field, w.contains, dump(got))
		}
	}
	for i, p := range got {
		if !matched[i] {
			t.Errorf("unexpected problem: %s", p)
		}
	}
	return got
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func dump(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("  " + string(p.Kind) + " " + p.Path + ": " + p.String() + "\n")
	}
	return b.String()
}

// suite is every case of the documented suite, valid rules with their limits.
func suite() []celCase {
	var all []celCase
	for _, tc := range validCases() {
		all = append(all, celCase{name: tc.name, defs: tc.defs(true)})
	}
	all = append(all, rejectedCases()...)
	return append(all, costCases()...)
}

// TestDocumentedSuiteTime checks the whole documented suite in one goroutine and logs the
// time, first with a cold CEL environment (when this test runs first), then warm.
func TestDocumentedSuiteTime(t *testing.T) {
	all := suite()
	for _, round := range []string{"first", "second"} {
		start := time.Now()
		for _, tc := range all {
			Check("T", tc.defs, Options{})
		}
		t.Logf("%s run: %d cases in %v", round, len(all), time.Since(start))
	}
}

func BenchmarkDocumentedSuite(b *testing.B) {
	all := suite()
	for b.Loop() {
		for _, tc := range all {
			Check("T", tc.defs, Options{})
		}
	}
}
