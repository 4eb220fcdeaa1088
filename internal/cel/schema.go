package cel

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// Extension names read from the generated schemas.
const (
	extValidations   = "x-kubernetes-validations"
	extListType      = "x-kubernetes-list-type"
	extListMapKeys   = "x-kubernetes-list-map-keys"
	extMapType       = "x-kubernetes-map-type"
	extIntOrString   = "x-kubernetes-int-or-string"
	extPreserve      = "x-kubernetes-preserve-unknown-fields"
	extEmbedded      = "x-kubernetes-embedded-resource"
	formatIntOrStr   = "int-or-string"
	refDefinitions   = "#/definitions/"
	refComponentsV3  = "#/components/schemas/"
	pointerProps     = "/properties/"
	pointerItems     = "/items"
	pointerAddlProps = "/additionalProperties"
)

// location is a schema node within one def: the def's key and a JSON Pointer inside it.
type location struct {
	def, path string
}

// ruleLocation is where one rule of a resolved node was written.
type ruleLocation struct {
	location
	index int
}

// converted is a root type's schema as a CRD schema, with what is needed to map the API
// server's field paths back to the defs.
type converted struct {
	root *apiextensions.JSONSchemaProps
	// nodes maps a JSON Pointer in root to where that node is written: the field (or items,
	// or map values) that brings it in, which is where a marker for it goes.
	nodes map[string]location
	// rules maps a JSON Pointer in root to where each of its x-kubernetes-validations is
	// written, in order.
	rules map[string][]ruleLocation
	// cuts maps a JSON Pointer in root to the recursive def whose expansion stops there.
	cuts map[string]string
	// problems found while resolving: references that do not resolve.
	problems []Problem
	defs     map[string]spec.Schema
}

// convert resolves the references of defs[root] into one CRD-shaped schema.
//
// Only what CEL compilation, its cost estimate and the CRD's structural checks read is
// carried over: type, format, nullable, enum, required, the size bounds, properties, items,
// additionalProperties, non-zero defaults and the x-kubernetes-* extensions. Descriptions,
// patterns, numeric bounds and the like cannot change whether a rule compiles or what it
// costs, and leaving them out keeps problems they might have from hiding the rules.
//
// A reference to a def that is already being expanded above is expanded once more, with its
// rules (and all rules below it) left out, so that rules of the outer occurrence can see one
// level of their recursive children; below that copy the recursion is cut by a node that
// preserves unknown fields and has only the def's scalar properties (a list map's keys).
func convert(root string, defs map[string]spec.Schema) *converted {
	c := &converted{
		nodes: map[string]location{},
		rules: map[string][]ruleLocation{},
		cuts:  map[string]string{},
		defs:  defs,
	}
	s, ok := defs[root]
	if !ok {
		c.problems = append(c.problems, Problem{Kind: KindSchema, Def: root, Index: -1,
			Message: fmt.Sprintf("root type %q is not among the definitions", root)})
		return c
	}
	r := &resolver{defs: defs, c: c, stack: map[string]int{root: 1}}
	out := r.node(&s, location{def: root}, "", false, true)
	c.root = &out
	return c
}

type resolver struct {
	defs  map[string]spec.Schema
	c     *converted
	stack map[string]int
}

// layer is one schema contributing to a resolved node: the schema at the field, then the
// def it refers to, and so on.
type layer struct {
	s  *spec.Schema
	at location
	// copy is set for a def reached through a recursive reference: its rules, and the rules
	// of everything below it, are left out.
	copy bool
}

func (r *resolver) node(s *spec.Schema, at location, ptr string, copyMode, resourceRoot bool) apiextensions.JSONSchemaProps {
	r.c.nodes[ptr] = at
	layers := []layer{{s: s, at: at, copy: copyMode}}
	var pushed []string
	defer func() {
		for _, name := range pushed {
			r.stack[name]--
		}
	}()
	for i := 0; i < len(layers); i++ {
		l := layers[i]
		for _, ref := range refsOf(l.s) {
			name, ok := r.lookup(ref)
			if !ok {
				// Reported once here; the node then accepts anything, so that the
				// missing type does not also make the schema invalid.
				r.c.problems = append(r.c.problems, Problem{Kind: KindSchema, Path: ptr, Def: l.at.def, DefPath: l.at.path, Index: -1,
					Message: fmt.Sprintf("reference %q does not resolve to a definition", ref)})
				return apiextensions.JSONSchemaProps{XPreserveUnknownFields: ptr0(true)}
			}
			def := r.defs[name]
			recursive := r.stack[name] > 0
			if recursive && l.copy {
				r.c.cuts[ptr] = name
				return r.cut(&def, location{def: name}, ptr)
			}
			r.stack[name]++
			pushed = append(pushed, name)
			layers = append(layers, layer{s: &def, at: location{def: name}, copy: l.copy || recursive})
		}
	}

	var out apiextensions.JSONSchemaProps
	intOrString := false
	// Inner layers (the referenced types) first, so that what the field says wins.
	for i := len(layers) - 1; i >= 0; i-- {
		r.merge(&out, layers[i].s, &intOrString)
	}
	for _, l := range layers {
		if l.copy {
			continue
		}
		var rules []apiextensionsv1.ValidationRule
		if err := l.s.Extensions.GetObject(extValidations, &rules); err != nil {
			r.c.problems = append(r.c.problems, Problem{Kind: KindSchema, Path: ptr, Def: l.at.def, DefPath: l.at.path, Index: -1,
				Message: fmt.Sprintf("%s is not a list of rules: %v", extValidations, err)})
			continue
		}
		for i, rule := range rules {
			out.XValidations = append(out.XValidations, internalRule(rule))
			r.c.rules[ptr] = append(r.c.rules[ptr], ruleLocation{location: l.at, index: i})
		}
	}
	normalizeType(&out, intOrString)

	// The innermost layer that declares children owns them.
	nodeCopy := copyMode
	var owner *layer
	for i := range layers {
		nodeCopy = nodeCopy || layers[i].copy
		l := &layers[i]
		if len(l.s.Properties) > 0 || (l.s.Items != nil && l.s.Items.Schema != nil) ||
			(l.s.AdditionalProperties != nil && l.s.AdditionalProperties.Schema != nil) {
			owner = l
		}
	}
	if owner == nil || out.XIntOrString {
		if out.Type == "" && !out.XIntOrString {
			// No type and nothing inside: any JSON value, which a CRD says this way.
			out.XPreserveUnknownFields = ptr0(true)
		}
		return out
	}
	embedded := resourceRoot || out.XEmbeddedResource
	if len(owner.s.Properties) > 0 {
		out.Properties = make(map[string]apiextensions.JSONSchemaProps, len(owner.s.Properties))
		for _, name := range slices.Sorted(maps.Keys(owner.s.Properties)) {
			step := pointerProps + escapePointer(name)
			childAt := location{def: owner.at.def, path: owner.at.path + step}
			if embedded && name == "metadata" {
				// A resource's metadata is ObjectMeta, implicitly; CRDs may not spell it out.
				r.c.nodes[ptr+step] = childAt
				out.Properties[name] = apiextensions.JSONSchemaProps{Type: "object"}
				continue
			}
			child := owner.s.Properties[name]
			out.Properties[name] = r.node(&child, childAt, ptr+step, nodeCopy, false)
		}
	}
	if owner.s.Items != nil && owner.s.Items.Schema != nil {
		child := r.node(owner.s.Items.Schema, location{def: owner.at.def, path: owner.at.path + pointerItems}, ptr+pointerItems, nodeCopy, false)
		out.Items = &apiextensions.JSONSchemaPropsOrArray{Schema: &child}
	}
	if ap := owner.s.AdditionalProperties; ap != nil && ap.Schema != nil {
		child := r.node(ap.Schema, location{def: owner.at.def, path: owner.at.path + pointerAddlProps}, ptr+pointerAddlProps, nodeCopy, false)
		out.AdditionalProperties = &apiextensions.JSONSchemaPropsOrBool{Allows: true, Schema: &child}
	}
	return out
}

// cut stands for def where its recursion stops: an object that keeps
// unknown fields, with def's scalar properties, which a list map's keys
// must be.
func (r *resolver) cut(def *spec.Schema, at location, ptr string) apiextensions.JSONSchemaProps {
	out := apiextensions.JSONSchemaProps{XPreserveUnknownFields: ptr0(true)}
	if types := []string(def.Type); len(types) != 1 || types[0] != "object" {
		return out
	}
	out.Type = "object"
	for _, name := range slices.Sorted(maps.Keys(def.Properties)) {
		child := def.Properties[name]
		if !r.scalar(&child, 0) {
			continue
		}
		if out.Properties == nil {
			out.Properties = map[string]apiextensions.JSONSchemaProps{}
		}
		step := pointerProps + escapePointer(name)
		out.Properties[name] = r.node(&child, location{def: at.def, path: at.path + step}, ptr+step, true, false)
		if slices.Contains(def.Required, name) {
			out.Required = append(out.Required, name)
		}
	}
	return out
}

// scalar reports whether s, through its references, declares no
// children and no object or array type.
func (r *resolver) scalar(s *spec.Schema, depth int) bool {
	if depth > 8 || len(s.Properties) > 0 || s.Items != nil || s.AdditionalProperties != nil ||
		slices.Contains([]string(s.Type), "object") || slices.Contains([]string(s.Type), "array") {
		return false
	}
	for _, ref := range refsOf(s) {
		name, ok := r.lookup(ref)
		if !ok {
			return false
		}
		def := r.defs[name]
		if !r.scalar(&def, depth+1) {
			return false
		}
	}
	return true
}

// refsOf returns the references a schema stands for: its own $ref, and allOf members that
// are nothing but a reference (the OpenAPI v3 way to describe a field of a named type).
func refsOf(s *spec.Schema) []string {
	var refs []string
	if ref := s.Ref.String(); ref != "" {
		refs = append(refs, ref)
	}
	for _, m := range s.AllOf {
		if ref := m.Ref.String(); ref != "" && len(m.Type) == 0 && len(m.Properties) == 0 && m.Items == nil && m.AdditionalProperties == nil {
			refs = append(refs, ref)
		}
	}
	return refs
}

func (r *resolver) lookup(ref string) (string, bool) {
	if _, ok := r.defs[ref]; ok {
		return ref, true
	}
	for _, prefix := range []string{refDefinitions, refComponentsV3} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			name = unescapePointer(name)
			_, ok := r.defs[name]
			return name, ok
		}
	}
	return ref, false
}

// merge copies what s sets of the carried-over keywords into out.
func (r *resolver) merge(out *apiextensions.JSONSchemaProps, s *spec.Schema, intOrString *bool) {
	if len(s.Type) > 0 {
		out.Type = strings.Join(s.Type, ",") // split again by normalizeType
	}
	if s.Format != "" {
		out.Format = s.Format
	}
	out.Nullable = out.Nullable || s.Nullable
	if s.Default != nil && !isZero(s.Default) {
		if v, ok := jsonValue(s.Default); ok {
			out.Default = &v
		}
	}
	if len(s.Enum) > 0 {
		out.Enum = out.Enum[:0]
		for _, e := range s.Enum {
			if v, ok := jsonValue(e); ok {
				out.Enum = append(out.Enum, v)
			}
		}
	}
	if len(s.Required) > 0 {
		out.Required = append([]string(nil), s.Required...)
	}
	setInt := func(dst **int64, src *int64) {
		if src != nil {
			v := *src
			*dst = &v
		}
	}
	setInt(&out.MaxLength, s.MaxLength)
	setInt(&out.MinLength, s.MinLength)
	setInt(&out.MaxItems, s.MaxItems)
	setInt(&out.MinItems, s.MinItems)
	setInt(&out.MaxProperties, s.MaxProperties)
	setInt(&out.MinProperties, s.MinProperties)

	var str string
	if getExt(s, extListType, &str) {
		out.XListType = ptr0(str)
	}
	var keys []string
	if getExt(s, extListMapKeys, &keys) {
		out.XListMapKeys = keys
	}
	if getExt(s, extMapType, &str) {
		out.XMapType = ptr0(str)
	}
	var b bool
	if getExt(s, extIntOrString, &b) && b {
		*intOrString = true
	}
	if getExt(s, extPreserve, &b) && b {
		out.XPreserveUnknownFields = ptr0(true)
	}
	if getExt(s, extEmbedded, &b) && b {
		out.XEmbeddedResource = true
	}
}

// normalizeType turns what OpenAPI allows and CRDs do not into the CRD form: several types
// (integer and string is int-or-string; null becomes nullable; any other mix accepts
// anything), and int-or-string, which a CRD states with the extension and no type.
func normalizeType(out *apiextensions.JSONSchemaProps, intOrString bool) {
	if out.Format == formatIntOrStr {
		intOrString = true
	}
	var types []string
	for _, t := range strings.Split(out.Type, ",") {
		switch t {
		case "":
		case "null":
			out.Nullable = true
		default:
			types = append(types, t)
		}
	}
	sort.Strings(types)
	switch {
	case len(types) == 2 && types[0] == "integer" && types[1] == "string":
		intOrString = true
	case len(types) > 1:
		out.Type = ""
		out.XPreserveUnknownFields = ptr0(true)
		return
	}
	out.Type = strings.Join(types, "")
	if intOrString {
		out.XIntOrString = true
		out.Type, out.Format = "", ""
	}
}

func internalRule(in apiextensionsv1.ValidationRule) apiextensions.ValidationRule {
	out := apiextensions.ValidationRule{
		Rule:              in.Rule,
		Message:           in.Message,
		MessageExpression: in.MessageExpression,
		FieldPath:         in.FieldPath,
		OptionalOldSelf:   in.OptionalOldSelf,
	}
	if in.Reason != nil {
		out.Reason = ptr0(apiextensions.FieldValueErrorReason(*in.Reason))
	}
	return out
}

// getExt decodes extension key of s into out, reporting whether it was there and decoded.
func getExt(s *spec.Schema, key string, out any) bool {
	if _, ok := s.Extensions[key]; !ok {
		return false
	}
	return s.Extensions.GetObject(key, out) == nil
}

// jsonValue returns v as the API server holds JSON values (what it decodes from a request).
func jsonValue(v any) (apiextensions.JSON, bool) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	var out any
	if err := utiljson.Unmarshal(raw, &out); err != nil {
		return nil, false
	}
	return out, true
}

// isZero reports whether a default is JSON's zero value for its type. openapi-gen writes
// such defaults for every non-pointer struct and non-omitempty scalar field; a CRD generated
// from the same Go types has none, so they are not carried over.
func isZero(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		return rv.Len() == 0
	}
	return rv.IsZero()
}

func ptr0[T any](v T) *T { return &v }

var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// escapePointer makes s one token of a JSON Pointer (RFC 6901).
func escapePointer(s string) string { return pointerEscaper.Replace(s) }

func unescapePointer(s string) string { return pointerUnescaper.Replace(s) }
