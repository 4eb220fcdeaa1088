package crd

import (
	"encoding/json"
	"fmt"
	"go/token"
	"slices"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/markers"
)

// A schemaRule is what one schema marker says, applied to a schema.
type schemaRule interface {
	apply(p *parser, s *schema) error
}

// markerValue is what a schema marker gives its rule: its one value
// (after k8sAlias), its named arguments, and the marker.
type markerValue struct {
	v    any
	args map[string]any
	m    markers.Marker
}

// schemaRules make the rule of each schema marker, keyed by its name
// without the validation prefix (the items: markers and the +k8s: twins
// are read under the same names). A marker missing here shapes no schema.
var schemaRules = map[string]func(markerValue) schemaRule{
	"Maximum": func(r markerValue) schemaRule {
		return bound{"maximum", r.v.(float64), func(s *schema, f *float64) { s.Maximum = f }}
	},
	"Minimum": func(r markerValue) schemaRule {
		return bound{"minimum", r.v.(float64), func(s *schema, f *float64) { s.Minimum = f }}
	},
	"MultipleOf": func(r markerValue) schemaRule {
		return bound{"multipleof", r.v.(float64), func(s *schema, f *float64) { s.MultipleOf = f }}
	},
	"ExclusiveMaximum": func(r markerValue) schemaRule {
		return boolRule{"exclusivemaximum", r.v.(bool), needNumber, func(s *schema, b bool) { s.ExclusiveMaximum = b }}
	},
	"ExclusiveMinimum": func(r markerValue) schemaRule {
		return boolRule{"exclusiveminimum", r.v.(bool), needNumber, func(s *schema, b bool) { s.ExclusiveMinimum = b }}
	},
	"MaxLength": func(r markerValue) schemaRule {
		return limit{"maxlength", r.v.(int), needText, func(s *schema, n *int64) { s.MaxLength = n }}
	},
	"MinLength": func(r markerValue) schemaRule {
		return limit{"minlength", r.v.(int), needText, func(s *schema, n *int64) { s.MinLength = n }}
	},
	"Pattern": func(r markerValue) schemaRule { return pattern(r.v.(string)) },
	"MaxItems": func(r markerValue) schemaRule {
		return limit{"maxitem", r.v.(int), needArray, func(s *schema, n *int64) { s.MaxItems = n }}
	},
	"MinItems": func(r markerValue) schemaRule {
		return limit{"minitem", r.v.(int), needArray, func(s *schema, n *int64) { s.MinItems = n }}
	},
	"UniqueItems": func(r markerValue) schemaRule {
		return boolRule{"uniqueitem", r.v.(bool), needArray, func(s *schema, b bool) { s.UniqueItems = b }}
	},
	"MaxProperties": func(r markerValue) schemaRule {
		return limit{"maxproperties", r.v.(int), needObject, func(s *schema, n *int64) { s.MaxProperties = n }}
	},
	"MinProperties": func(r markerValue) schemaRule {
		return limit{"minproperties", r.v.(int), needObject, func(s *schema, n *int64) { s.MinProperties = n }}
	},
	"Enum":   func(r markerValue) schemaRule { return enum(r.v.([]any)) },
	"Format": func(r markerValue) schemaRule { return mark(func(s *schema) { s.Format = r.v.(string) }) },
	"Type":   func(r markerValue) schemaRule { return mark(func(s *schema) { s.Type = r.v.(string) }) },

	"XPreserveUnknownFields":                    preserveUnknown,
	"kubebuilder:pruning:PreserveUnknownFields": preserveUnknown,
	"XEmbeddedResource":                         embedded,
	"EmbeddedResource":                          embedded,
	"XIntOrString":                              func(markerValue) schemaRule { return mark(func(s *schema) { s.XIntOrString = true }) },
	"nullable":                                  func(markerValue) schemaRule { return mark(func(s *schema) { s.Nullable = true }) },

	"XValidation":  func(r markerValue) schemaRule { return celRule{r.args, r.m.Pos} },
	"AtMostOneOf":  func(r markerValue) schemaRule { return oneOf{"AtMostOneOf", r.v.([]any), r.m.Pos} },
	"ExactlyOneOf": func(r markerValue) schemaRule { return oneOf{"ExactlyOneOf", r.v.([]any), r.m.Pos} },
	"AtLeastOneOf": func(r markerValue) schemaRule { return oneOf{"AtLeastOneOf", r.v.([]any), r.m.Pos} },

	"kubebuilder:default": func(r markerValue) schemaRule { return valueDefault{r.v, r.m.Pos} },
	"default": func(r markerValue) schemaRule {
		dv, _ := markers.ValueOf[markers.DefaultValue](r.m)
		return jsonDefault{dv, r.m.Pos}
	},
	"kubebuilder:example":      func(r markerValue) schemaRule { return example{r.v} },
	"kubebuilder:title":        func(r markerValue) schemaRule { return title{r.v} },
	"kubebuilder:externalDocs": func(r markerValue) schemaRule { return externalDocs(r.args) },

	"listType":   func(r markerValue) schemaRule { return listType(r.v.(string)) },
	"listMapKey": func(r markerValue) schemaRule { return listMapKey(r.v.(string)) },
	"mapType":    func(r markerValue) schemaRule { return mapType{"mapType", r.v.(string)} },
	"structType": func(r markerValue) schemaRule { return mapType{"structType", r.v.(string)} },
}

func preserveUnknown(markerValue) schemaRule {
	return mark(func(s *schema) { t := true; s.XPreserveUnknownFields = &t })
}

func embedded(markerValue) schemaRule { return mark(func(s *schema) { s.XEmbeddedResource = true }) }

// The kinds of schema a rule needs; what names the marker in the error.
func needNumber(what string, s *schema) error {
	if !numeric(s) {
		return fmt.Errorf("must apply %s to a numeric value, found %s", what, s.Type)
	}
	return nil
}

func needText(what string, s *schema) error {
	if !textual(s) {
		return fmt.Errorf("must apply %s to a textual value, found type %q", what, s.Type)
	}
	return nil
}

func needArray(what string, s *schema) error {
	if s.Type != "array" {
		return fmt.Errorf("must apply %s to an array", what)
	}
	return nil
}

func needObject(what string, s *schema) error {
	if s.Type != "object" {
		return fmt.Errorf("must apply %s to an object", what)
	}
	return nil
}

// mark sets something that needs no check.
type mark func(s *schema)

func (m mark) apply(_ *parser, s *schema) error { m(s); return nil }

// bound is +Maximum, +Minimum or +MultipleOf.
type bound struct {
	what string
	f    float64
	set  func(*schema, *float64)
}

func (b bound) apply(_ *parser, s *schema) error {
	if err := needNumber(b.what, s); err != nil {
		return err
	}
	if s.Type == "integer" && !integral(b.f) {
		return fmt.Errorf("cannot apply non-integral %s validation (%v) to integer value", b.what, b.f)
	}
	f := b.f
	b.set(s, &f)
	return nil
}

// boolRule is +ExclusiveMaximum, +ExclusiveMinimum or +UniqueItems.
type boolRule struct {
	what string
	on   bool
	need func(string, *schema) error
	set  func(*schema, bool)
}

func (f boolRule) apply(_ *parser, s *schema) error {
	if err := f.need(f.what, s); err != nil {
		return err
	}
	f.set(s, f.on)
	return nil
}

// limit is a count: +MaxLength, +MinLength, +MaxItems, +MinItems,
// +MaxProperties or +MinProperties.
type limit struct {
	what string
	n    int
	need func(string, *schema) error
	set  func(*schema, *int64)
}

func (l limit) apply(_ *parser, s *schema) error {
	if err := l.need(l.what, s); err != nil {
		return err
	}
	n := int64(l.n)
	l.set(s, &n)
	return nil
}

// pattern is +Pattern.
type pattern string

func (v pattern) apply(_ *parser, s *schema) error {
	if err := needText("pattern", s); err != nil {
		return err
	}
	s.Pattern = string(v)
	return nil
}

// enum is +Enum: it replaces the allowed values.
type enum []any

func (e enum) apply(_ *parser, s *schema) error {
	s.Enum = nil
	for _, v := range e {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		s.Enum = append(s.Enum, apiext.JSON{Raw: raw})
	}
	return nil
}

// celRule is +XValidation.
type celRule struct {
	args map[string]any
	pos  token.Position
}

func (r celRule) apply(p *parser, s *schema) error { return p.rule(r.args, s, r.pos) }

// oneOf is +AtMostOneOf, +ExactlyOneOf or +AtLeastOneOf.
type oneOf struct {
	kind   string
	fields []any
	pos    token.Position
}

func (o oneOf) apply(p *parser, s *schema) error { return p.oneOf(o.kind, o.fields, s, o.pos) }

// valueDefault is +kubebuilder:default, in controller-gen's value syntax.
type valueDefault struct {
	v   any
	pos token.Position
}

func (d valueDefault) apply(p *parser, s *schema) error {
	raw, err := json.Marshal(d.v)
	if err != nil {
		return err
	}
	if s.Type == "array" && string(raw) == "{}" {
		raw = []byte("[]")
	}
	s.Default = &apiext.JSON{Raw: raw}
	p.defaults = append(p.defaults, defaultAt{s, d.pos})
	return nil
}

// jsonDefault is +default, as JSON.
type jsonDefault struct {
	dv  markers.DefaultValue
	pos token.Position
}

func (d jsonDefault) apply(p *parser, s *schema) error {
	if d.dv.Ref != nil || d.dv.JSON == nil { // controller-gen passes over ref(...) and null
		return nil
	}
	var plain any
	if err := json.Unmarshal([]byte(d.dv.Raw), &plain); err != nil {
		return err
	}
	raw, _ := json.Marshal(plain)
	s.Default = &apiext.JSON{Raw: raw}
	p.defaults = append(p.defaults, defaultAt{s, d.pos})
	return nil
}

// example is +kubebuilder:example.
type example struct{ v any }

func (e example) apply(_ *parser, s *schema) error {
	raw, err := json.Marshal(e.v)
	if err != nil {
		return err
	}
	s.Example = &apiext.JSON{Raw: raw}
	return nil
}

// title is +kubebuilder:title, whose value is guessed and must be a string.
type title struct{ v any }

func (t title) apply(_ *parser, s *schema) error {
	if t.v == nil {
		return nil
	}
	text, ok := t.v.(string)
	if !ok {
		return fmt.Errorf("expected string, got %T", t.v)
	}
	s.Title = text
	return nil
}

// externalDocs is +kubebuilder:externalDocs.
type externalDocs map[string]any

func (d externalDocs) apply(_ *parser, s *schema) error {
	desc, _ := d["description"].(string)
	s.ExternalDocs = &apiext.ExternalDocumentation{URL: d["url"].(string), Description: desc}
	return nil
}

// listType is +listType (or +k8s:listType).
type listType string

func (t listType) apply(_ *parser, s *schema) error {
	if s.Type != "array" {
		return fmt.Errorf("must apply listType to an array, found %s", s.Type)
	}
	v := string(t)
	if v != "map" && v != "atomic" && v != "set" {
		return fmt.Errorf(`ListType must be either "map", "set" or "atomic"`)
	}
	s.XListType = &v
	return nil
}

// listMapKey is +listMapKey (or +k8s:listMapKey).
type listMapKey string

func (k listMapKey) apply(_ *parser, s *schema) error {
	if s.Type != "array" {
		return fmt.Errorf("must apply listMapKey to an array, found %s", s.Type)
	}
	if s.XListType == nil || *s.XListType != "map" {
		return fmt.Errorf("must apply listMapKey to an associative-list")
	}
	if !slices.Contains(s.XListMapKeys, string(k)) {
		s.XListMapKeys = append(s.XListMapKeys, string(k))
	}
	return nil
}

// mapType is +mapType or +structType.
type mapType struct{ name, v string }

func (t mapType) apply(_ *parser, s *schema) error {
	if t.name == "mapType" && s.Type != "object" {
		return fmt.Errorf("must apply mapType to an object")
	}
	if t.name == "structType" && s.Type != "object" && s.Type != "" {
		return fmt.Errorf("must apply structType to an object; either explicitly set or defaulted through an empty schema type")
	}
	if t.v != "atomic" && t.v != "granular" {
		return fmt.Errorf(`%s must be either "granular" or "atomic"`, strings.ToUpper(t.name[:1])+t.name[1:])
	}
	v := t.v
	s.XMapType = &v
	return nil
}
