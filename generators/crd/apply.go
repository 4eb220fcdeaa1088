package crd

import (
	"fmt"
	"go/token"
	"math"
	"slices"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/markers"
)

// priority orders markers on one schema: lower first, ties in source order.
func priority(name string) int {
	switch strings.TrimPrefix(strings.TrimPrefix(name, itemsPref), validation) {
	case "Type", "XIntOrString", "listType", "k8s:listType", "default":
		return 9
	case "AtMostOneOf":
		return 11
	case "ExactlyOneOf":
		return 12
	case "AtLeastOneOf":
		return 13
	}
	return 10
}

// apply sets what the markers in set say on s; markers with the items:
// prefix go to the list's item schema.
func (p *parser) apply(c ctx, set markers.Set, s *schema, pos token.Position) {
	var own, items []markers.Marker
	for _, m := range set {
		if strings.HasPrefix(m.Def.Name, itemsPref) {
			items = append(items, m)
		} else {
			own = append(own, m)
		}
	}
	byPriority := func(a, b markers.Marker) int { return priority(a.Def.Name) - priority(b.Def.Name) }
	slices.SortStableFunc(own, byPriority)
	slices.SortStableFunc(items, byPriority)
	for _, m := range own {
		done, err := p.applyK8s(c, m, s)
		if !done {
			err = p.applyOne(m.Def.Name, m, s)
		}
		if err != nil {
			p.errorf(pos, "%v", err)
		}
	}
	for _, m := range items {
		if s.Type != "array" || s.Items == nil || s.Items.Schema == nil {
			p.errorf(pos, "must apply %s to an array value, found %s", m.Def.Name, s.Type)
			continue
		}
		if err := p.applyOne(validation+strings.TrimPrefix(m.Def.Name, itemsPref), m, s.Items.Schema); err != nil {
			p.errorf(pos, "%v", err)
		}
	}
}

func numeric(s *schema) bool { return s.Type == "integer" || s.Type == "number" }
func textual(s *schema) bool { return s.Type == "string" || s.XIntOrString }
func integral(v float64) bool {
	return v == math.Trunc(v) && !math.IsNaN(v) && !math.IsInf(v, 0)
}

// applyOne applies one marker. Markers that do not shape a schema are
// left alone.
func (p *parser) applyOne(name string, m markers.Marker, s *schema) error {
	args, _ := markers.ValueOf[map[string]any](m)
	v := args[""]
	if text, ok := markers.ValueOf[string](m); ok { // a plainDef
		v = text
	}
	name, v, err := k8sAlias(name, v)
	if err != nil {
		return err
	}
	rule, ok := schemaRules[strings.TrimPrefix(name, validation)]
	if !ok {
		return nil
	}
	return rule(markerValue{v, args, m}).apply(p, s)
}

var reasons = []string{"FieldValueRequired", "FieldValueInvalid", "FieldValueForbidden", "FieldValueDuplicate"}

func (p *parser) rule(args map[string]any, s *schema, pos token.Position) error {
	str := func(k string) string { v, _ := args[k].(string); return v }
	r := apiext.ValidationRule{Rule: str("rule"), Message: str("message"), MessageExpression: str("messageExpression"), FieldPath: str("fieldPath")}
	if reason := str("reason"); reason != "" {
		if !slices.Contains(reasons, reason) {
			return fmt.Errorf("invalid reason %s, valid values are %s", reason, strings.Join(reasons[:3], ", ")+" and "+reasons[3])
		}
		rr := apiext.FieldValueErrorReason(reason)
		r.Reason = &rr
	}
	if b, ok := args["optionalOldSelf"].(bool); ok {
		r.OptionalOldSelf = &b
	}
	s.XValidations = append(s.XValidations, r)
	if _, seen := p.rules[r.Rule]; !seen {
		p.rules[r.Rule] = pos
	}
	return nil
}

func (p *parser) oneOf(kind string, fields []any, s *schema, pos token.Position) error {
	if len(fields) == 0 {
		return nil
	}
	names := make([]string, len(fields))
	var sum, or []string
	for i, f := range fields {
		names[i] = f.(string)
		sum = append(sum, "(has(self."+names[i]+")?1:0)")
		or = append(or, "has(self."+names[i]+")")
	}
	list := "[" + strings.Join(names, " ") + "]"
	args := map[string]any{}
	switch kind {
	case "AtMostOneOf":
		args["rule"], args["message"] = strings.Join(sum, "+")+" <= 1", "at most one of the fields in "+list+" may be set"
	case "ExactlyOneOf":
		args["rule"], args["message"] = strings.Join(sum, "+")+" == 1", "exactly one of the fields in "+list+" must be set"
	default:
		args["rule"], args["message"] = strings.Join(or, "||"), "at least one of the fields in "+list+" must be set"
	}
	return p.rule(args, s, pos)
}
