package openapi

import (
	"encoding/json"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/markers"
)

func lines(text ...string) []markers.Line {
	out := make([]markers.Line, len(text))
	for i, l := range text {
		out[i] = markers.Line{Text: l, Pos: token.Position{Filename: "f.go", Line: i + 1, Column: 1}}
	}
	return out
}

// parse runs the whole +k8s:validation: reading on lines and returns the
// schema as JSON and the problems, one per line, as "line: message".
func parse(text ...string) (string, []string) {
	var problems []problem
	ms, problems := validationMarkers(lines(text...))
	var vt *vtags
	if len(problems) == 0 {
		var tree *valueTree
		tree, problems = nestValues(ms)
		if len(problems) == 0 {
			vt = decode(tree, "", tree.root, &problems)
			vt.check(&problems)
		}
	}
	slices.SortStableFunc(problems, func(a, b problem) int { return a.pos.Line - b.pos.Line })
	var out []string
	for _, p := range problems {
		out = append(out, strings.Join([]string{itoa(p.pos.Line), p.msg}, ": "))
	}
	if len(out) > 0 {
		return "", out
	}
	s := vt.validationSchema()
	b, _ := json.Marshal(s)
	return string(b), nil
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func TestValidationMarkers(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		want  string // the schema as JSON
		bad   []string
	}{
		{name: "values",
			lines: []string{"+k8s:validation:maximum=5", "+k8s:validation:minimum=1.5", "+k8s:validation:pattern=\"^a$\"", "+k8s:validation:maxLength=4.0"},
			want:  `{"maximum":5,"minimum":1.5,"maxLength":4,"pattern":"^a$"}`},
		{name: "a bare key is true",
			lines: []string{"+k8s:validation:uniqueItems", "+k8s:validation:exclusiveMinimum"},
			want:  `{"exclusiveMinimum":true,"uniqueItems":true}`},
		{name: "other lines and unknown keys are ignored",
			lines: []string{"text", "+optional", "+k8s:validation:unknown=\"x\"", "+k8s:validation-gen=true", "+k8s:validation:maxItems=ref(Max)", "+k8s:validation:minItems=1"},
			want:  `{"minItems":1}`},
		{name: "rules",
			lines: []string{
				`+k8s:validation:cel[0]:rule="self > 0"`,
				`+k8s:validation:cel[0]:message="positive"`,
				`+k8s:validation:cel[1]:rule>self <`,
				`+k8s:validation:cel[1]:rule>   10`,
				`+k8s:validation:cel[1]:messageExpression="'small'"`,
				`+k8s:validation:cel[1]:optionalOldSelf`,
			},
			want: `{"x-kubernetes-validations":[{"message":"positive","rule":"self \u003e 0"},{"messageExpression":"'small'","optionalOldSelf":true,"rule":"self \u003c\n10"}]}`},
		{name: "nested",
			lines: []string{"+k8s:validation:items:maxLength=3", "+k8s:validation:items:cel[0]:rule=\"self != ''\"", "+k8s:validation:items:cel[0]:message=\"m\""},
			want:  `{"allOf":[{"items":{"maxLength":3,"x-kubernetes-validations":[{"message":"m","rule":"self != ''"}]}}]}`},
		{name: "a key takes one value",
			lines: []string{"+k8s:validation:maximum=5", "+k8s:validation:maximum=6"},
			bad:   []string{"2: +k8s:validation:maximum is given twice; a key takes one value (use maximum> to continue a string on the next line)"}},
		{name: "continuations are consecutive",
			lines: []string{"+k8s:validation:cel[0]:rule>a", "+k8s:validation:cel[0]:message=\"m\"", "+k8s:validation:cel[0]:rule>b"},
			bad:   []string{"3: +k8s:validation:cel[0]:rule> continues a string, so it must directly follow the line before it for the same key"}},
		{name: "indexes are consecutive",
			lines: []string{`+k8s:validation:cel[0]:rule="a"`, `+k8s:validation:cel[0]:message="m"`, "", `+k8s:validation:cel[1]:rule="b"`, `+k8s:validation:cel[1]:message="m"`},
			bad:   []string{"4: +k8s:validation:cel[1]:rule: index 1 of cel does not follow the line before it; indexes start at 0 and go up by one on consecutive lines"}},
		{name: "indexes do not go back",
			lines: []string{`+k8s:validation:cel[0]:rule="a"`, `+k8s:validation:cel[1]:rule="b"`, `+k8s:validation:cel[1]:message="m"`, `+k8s:validation:cel[0]:message="m"`},
			bad:   []string{"4: +k8s:validation:cel[0]:message: index 0 of cel does not follow the line before it; indexes start at 0 and go up by one on consecutive lines"}},
		{name: "malformed",
			lines: []string{"+k8s:validation:max length=5"},
			bad:   []string{"1: malformed marker +k8s:validation:max length=5: expected +k8s:validation:key=<JSON>, +k8s:validation:key or +k8s:validation:key>text"}},
		{name: "not JSON",
			lines: []string{"+k8s:validation:pattern=^a$"},
			bad:   []string{"1: value of +k8s:validation:pattern is not JSON: invalid character '^' looking for beginning of value"}},
		{name: "wrong JSON type",
			lines: []string{"+k8s:validation:maxLength=\"5\"", "+k8s:validation:minLength=1.5"},
			bad:   []string{"1: +k8s:validation:maxLength must be an integer", "2: +k8s:validation:minLength must be an integer"}},
		{name: "ranges",
			lines: []string{"+k8s:validation:minItems=3", "+k8s:validation:maxItems=2", "+k8s:validation:minLength=-1", "+k8s:validation:multipleOf=0"},
			bad:   []string{"1: +k8s:validation:minItems=3 is greater than +k8s:validation:maxItems=2", "3: +k8s:validation:minLength=-1 is negative", "4: +k8s:validation:multipleOf must not be 0"}},
		{name: "exclusive bounds of an empty range",
			lines: []string{"+k8s:validation:minimum=2", "+k8s:validation:maximum=2", "+k8s:validation:exclusiveMaximum"},
			bad:   []string{"3: +k8s:validation:exclusiveMaximum cannot be used when minimum and maximum are both 2"}},
		{name: "a rule needs a message",
			lines: []string{`+k8s:validation:cel[0]:rule="a"`, `+k8s:validation:cel[1]:message="m"`},
			bad:   []string{"1: +k8s:validation:cel[0]: a message or messageExpression is required", "2: +k8s:validation:cel[1]: the rule is missing (+k8s:validation:cel[1]:rule)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, bad := parse(c.lines...)
			if strings.Join(bad, "\n") != strings.Join(c.bad, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(bad, "\n"), strings.Join(c.bad, "\n"))
			}
			if got != c.want {
				t.Errorf("schema:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestCamelMatch(t *testing.T) {
	for _, c := range []struct {
		goName, json string
		want         bool
	}{
		{"PodSpec", "podSpec", true},
		{"PodSpec", "PodSpec", false},
		{"podSpec", "podSpec", false},
		{"PodSpec", "spec", false},
		{"JSONSpec", "jsonSpec", true},
		{"JSONSpec", "jsonspec", false},
		{"HTTPJSONSpec", "httpJSONSpec", true},
		{"HTTPJSONSpec", "httpjsonSpec", true},
		{"Pod_Spec", "pod_Spec", false},
		{"URL", "url", true},
		{"A", "a", true},
	} {
		if got := camelMatch(c.goName, c.json); got != c.want {
			t.Errorf("camelMatch(%q, %q) = %v, want %v", c.goName, c.json, got, c.want)
		}
	}
}

func TestDescription(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{"Foo is a thing.", "It has two lines."}, "Foo is a thing. It has two lines."},
		{[]string{"One.", "", "Two."}, "One.\n\nTwo."},
		{[]string{"Example:", "\tcode here", "after"}, "Example:\n\tcode here\nafter"},
		{[]string{"Kept.", "TODO: dropped", "+marker", "  +indented marker", "---", "after the rule"}, "Kept."},
		{[]string{"trailing   "}, "trailing"},
	} {
		if got := description(c.lines); got != c.want {
			t.Errorf("description(%q) = %q, want %q", c.lines, got, c.want)
		}
	}
}
