package crd

import (
	"encoding/json"
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

func i64(v any) *int64 { n := int64(v.(int)); return &n }

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
	short := strings.TrimPrefix(name, validation)
	switch short {
	case "Maximum", "Minimum", "MultipleOf":
		f := v.(float64)
		if !numeric(s) {
			return fmt.Errorf("must apply %s to a numeric value, found %s", strings.ToLower(short), s.Type)
		}
		if s.Type == "integer" && !integral(f) {
			return fmt.Errorf("cannot apply non-integral %s validation (%v) to integer value", strings.ToLower(short), f)
		}
		switch short {
		case "Maximum":
			s.Maximum = &f
		case "Minimum":
			s.Minimum = &f
		default:
			s.MultipleOf = &f
		}
	case "ExclusiveMaximum", "ExclusiveMinimum":
		if !numeric(s) {
			return fmt.Errorf("must apply %s to a numeric value, found %s", strings.ToLower(short), s.Type)
		}
		if short == "ExclusiveMaximum" {
			s.ExclusiveMaximum = v.(bool)
		} else {
			s.ExclusiveMinimum = v.(bool)
		}
	case "MaxLength", "MinLength", "Pattern":
		if !textual(s) {
			return fmt.Errorf("must apply %s to a textual value, found type %q", strings.ToLower(short), s.Type)
		}
		switch short {
		case "MaxLength":
			s.MaxLength = i64(v)
		case "MinLength":
			s.MinLength = i64(v)
		default:
			s.Pattern = v.(string)
		}
	case "MaxItems", "MinItems", "UniqueItems":
		if s.Type != "array" {
			return fmt.Errorf("must apply %s to an array", strings.ToLower(strings.TrimSuffix(short, "s")))
		}
		switch short {
		case "MaxItems":
			s.MaxItems = i64(v)
		case "MinItems":
			s.MinItems = i64(v)
		default:
			s.UniqueItems = v.(bool)
		}
	case "MaxProperties", "MinProperties":
		if s.Type != "object" {
			return fmt.Errorf("must apply %s to an object", strings.ToLower(short))
		}
		if short == "MaxProperties" {
			s.MaxProperties = i64(v)
		} else {
			s.MinProperties = i64(v)
		}
	case "Enum":
		s.Enum = nil
		for _, e := range v.([]any) {
			raw, err := json.Marshal(e)
			if err != nil {
				return err
			}
			s.Enum = append(s.Enum, apiext.JSON{Raw: raw})
		}
	case "Format":
		s.Format = v.(string)
	case "Type":
		s.Type = v.(string)
	case "XPreserveUnknownFields", "kubebuilder:pruning:PreserveUnknownFields":
		t := true
		s.XPreserveUnknownFields = &t
	case "XEmbeddedResource", "EmbeddedResource":
		s.XEmbeddedResource = true
	case "XIntOrString":
		s.XIntOrString = true
	case "XValidation":
		return p.rule(args, s, m.Pos)
	case "AtMostOneOf", "ExactlyOneOf", "AtLeastOneOf":
		return p.oneOf(short, v.([]any), s, m.Pos)
	case "nullable":
		s.Nullable = true
	case "kubebuilder:default":
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if s.Type == "array" && string(raw) == "{}" {
			raw = []byte("[]")
		}
		s.Default = &apiext.JSON{Raw: raw}
		p.defaults = append(p.defaults, defaultAt{s, m.Pos})
	case "default":
		dv, _ := markers.ValueOf[markers.DefaultValue](m)
		if dv.Ref != nil || dv.JSON == nil { // controller-gen passes over ref(...) and null
			return nil
		}
		var plain any
		if err := json.Unmarshal([]byte(dv.Raw), &plain); err != nil {
			return err
		}
		raw, _ := json.Marshal(plain)
		s.Default = &apiext.JSON{Raw: raw}
		p.defaults = append(p.defaults, defaultAt{s, m.Pos})
	case "kubebuilder:example":
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		s.Example = &apiext.JSON{Raw: raw}
	case "kubebuilder:title":
		if v == nil {
			return nil
		}
		t, ok := v.(string)
		if !ok {
			return fmt.Errorf("expected string, got %T", v)
		}
		s.Title = t
	case "kubebuilder:externalDocs":
		d, _ := args["description"].(string)
		s.ExternalDocs = &apiext.ExternalDocumentation{URL: args["url"].(string), Description: d}
	case "listType":
		if s.Type != "array" {
			return fmt.Errorf("must apply listType to an array, found %s", s.Type)
		}
		t := v.(string)
		if t != "map" && t != "atomic" && t != "set" {
			return fmt.Errorf(`ListType must be either "map", "set" or "atomic"`)
		}
		s.XListType = &t
	case "listMapKey":
		if s.Type != "array" {
			return fmt.Errorf("must apply listMapKey to an array, found %s", s.Type)
		}
		if s.XListType == nil || *s.XListType != "map" {
			return fmt.Errorf("must apply listMapKey to an associative-list")
		}
		if k := v.(string); !slices.Contains(s.XListMapKeys, k) {
			s.XListMapKeys = append(s.XListMapKeys, k)
		}
	case "mapType", "structType":
		if short == "mapType" && s.Type != "object" {
			return fmt.Errorf("must apply mapType to an object")
		}
		if short == "structType" && s.Type != "object" && s.Type != "" {
			return fmt.Errorf("must apply structType to an object; either explicitly set or defaulted through an empty schema type")
		}
		t := v.(string)
		if t != "atomic" && t != "granular" {
			return fmt.Errorf(`%s must be either "granular" or "atomic"`, strings.ToUpper(short[:1])+short[1:])
		}
		s.XMapType = &t
	}
	return nil
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
