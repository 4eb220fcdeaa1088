package crd

import (
	"encoding/json"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/generators/openapi/cel"
)

// checkRules compiles the CEL rules of every version's schema with the API
// server's code and reports those it would refuse, at the marker that
// wrote them. Cost limits are not checked: controller-gen does not, and
// CRDs it accepts must still generate.
func (p *parser) checkRules(crd *apiext.CustomResourceDefinition) {
	for _, v := range crd.Spec.Versions {
		if v.Schema == nil || !hasRules(v.Schema.OpenAPIV3Schema) {
			continue
		}
		raw, err := json.Marshal(v.Schema.OpenAPIV3Schema)
		if err != nil {
			continue
		}
		var s spec.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			continue
		}
		for _, pr := range cel.Check("root", map[string]spec.Schema{"root": s}, cel.Options{NoBoundSearch: true}) {
			if pr.Kind != cel.KindRule {
				continue
			}
			p.errorf(p.rules[pr.Rule], "XValidation rule %q (%s/%s): %s", pr.Rule, crd.Spec.Names.Kind, v.Name, pr.Message)
		}
	}
}

func hasRules(s *schema) bool {
	found := len(s.XValidations) > 0
	(&parser{}).children(s, func(c *schema) { found = found || hasRules(c) })
	return found
}

// checkDefaults reports defaults whose JSON type does not fit the schema
// they were put on.
func (p *parser) checkDefaults() {
	for _, d := range p.defaults {
		if d.s.Default == nil || d.s.Type == "" {
			continue
		}
		var v any
		if json.Unmarshal(d.s.Default.Raw, &v) != nil {
			continue
		}
		if got := jsonType(v); !fits(d.s.Type, got, v) {
			p.errorf(d.pos, "default %s is %s, but the field's type is %s", string(d.s.Default.Raw), got, d.s.Type)
		}
	}
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func fits(typ, got string, v any) bool {
	switch typ {
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "number":
		return got == "a number"
	case "string":
		return got == "a string"
	case "boolean":
		return got == "a boolean"
	case "array":
		return got == "an array"
	case "object":
		return got == "an object"
	}
	return true
}
