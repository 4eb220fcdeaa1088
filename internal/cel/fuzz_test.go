package cel

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// FuzzRule checks CEL rule text as the openapi generator does: a rule and
// a messageExpression on a resource with a string, a bounded list of
// objects, a map and a quantity-like int-or-string. Check must not panic,
// and must give the same problems twice.
func FuzzRule(f *testing.F) {
	for _, s := range celSeeds(f) {
		f.Add(s, "")
	}
	f.Add("self.x <= self.maxLimit", `"x exceeded max limit of " + string(self.maxLimit)`)
	f.Fuzz(func(t *testing.T, rule, message string) {
		kv := []string{}
		if message != "" {
			kv = append(kv, "messageExpression", message)
		}
		defs := root(rules(kind(map[string]spec.Schema{
			"name":     maxLen(str(), 63),
			"x":        integer(),
			"maxLimit": integer(),
			"items":    maxItems(list(obj(map[string]spec.Schema{"key": str(), "value": integer()}, "key"), "map", "key"), 16),
			"labels":   maxProps(mapOf(str()), 8),
			"amount":   intOrString(),
		}), r(rule, kv...)))
		first := Check("T", defs, Options{NoBoundSearch: true})
		again := Check("T", defs, Options{NoBoundSearch: true})
		if !reflect.DeepEqual(first, again) {
			t.Errorf("two checks of %q differ:\n%s\n%s", rule, dump(first), dump(again))
		}
	})
}

// celSeeds are real rules: those of the CEL markers in k8s.io/api and this
// repository's testdata, and those the CEL document quotes.
func celSeeds(f *testing.F) []string {
	var out []string
	for _, l := range refmodtest.ReadSeeds(f, "../../testdata").MarkerLines {
		if _, rule, ok := strings.Cut(l, ":rule="); ok {
			out = append(out, strings.Trim(rule, "\"`"))
		}
	}
	doc, err := os.ReadFile("/work/shared/cel-rules.md")
	if err == nil {
		for _, m := range regexp.MustCompile("`([^`]*self[^`]*)`").FindAllStringSubmatch(string(doc), -1) {
			out = append(out, m[1])
		}
	}
	return out
}
