package cel

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// target is what an API server field path points at within the converted schema.
type target struct {
	ptr   string                         // JSON Pointer of the deepest schema node on the path
	node  *apiextensions.JSONSchemaProps // that node
	index int                            // rule index, or -1
	part  string                         // after the rule index: "rule", "messageExpression", ...
	rest  string                         // after the node, when not a rule: "type", "x-kubernetes-list-map-keys", ...
}

// locate follows an API server field path such as
// spec.validation.openAPIV3Schema.properties[spec].items.x-kubernetes-validations[0].rule
// through the converted schema. Property names are matched against the schema's own, so
// names holding dots or brackets are found too.
func (c *converted) locate(fieldPath string) (target, bool) {
	t := target{node: c.root, index: -1}
	s, ok := strings.CutPrefix(fieldPath, schemaField)
	if !ok {
		return t, false
	}
	ends := func(rest string) bool { return rest == "" || rest[0] == '.' || rest[0] == '[' }
	for s != "" {
		if rest, ok := strings.CutPrefix(s, ".properties["); ok {
			best := ""
			found := false
			for name := range t.node.Properties {
				if after, ok := strings.CutPrefix(rest, name+"]"); ok && ends(after) && (!found || len(name) > len(best)) {
					best, found = name, true
				}
			}
			if found {
				prop := t.node.Properties[best]
				t.node = &prop
				t.ptr += pointerProps + escapePointer(best)
				s = rest[len(best)+1:]
				continue
			}
		}
		if rest, ok := strings.CutPrefix(s, ".items"); ok && ends(rest) && t.node.Items != nil && t.node.Items.Schema != nil {
			t.node = t.node.Items.Schema
			t.ptr += pointerItems
			s = rest
			continue
		}
		if rest, ok := strings.CutPrefix(s, ".additionalProperties"); ok && ends(rest) && t.node.AdditionalProperties != nil && t.node.AdditionalProperties.Schema != nil {
			t.node = t.node.AdditionalProperties.Schema
			t.ptr += pointerAddlProps
			s = rest
			continue
		}
		if rest, ok := strings.CutPrefix(s, "."+extValidations+"["); ok {
			if n, after, ok := strings.Cut(rest, "]"); ok {
				if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < len(t.node.XValidations) {
					t.index = i
					t.part = strings.TrimPrefix(after, ".")
					return t, true
				}
			}
		}
		t.rest = strings.TrimPrefix(s, ".")
		break
	}
	return t, true
}

// problem turns one error of the CRD validation into a Problem.
func (c *converted) problem(e *field.Error) (Problem, target) {
	t, ok := c.locate(e.Field)
	if !ok {
		// Not about the schema: the synthetic CRD around it is wrong, which is a bug here.
		return Problem{Kind: KindSchema, Index: -1, Def: c.nodes[""].def, Message: "internal: " + e.Error()}, t
	}
	at := c.nodes[t.ptr]
	p := Problem{Path: t.ptr, Def: at.def, DefPath: at.path, Index: -1}
	if t.index < 0 {
		p.Kind = KindSchema
		p.Message = body(e, "")
		if t.rest != "" {
			p.Message = t.rest + ": " + p.Message
		}
		if t.ptr == "" && t.rest == "" && e.Type == field.ErrorTypeForbidden {
			// The only complaint about the root schema as a whole is the total cost.
			p.Kind = KindTotalCost
		}
		return p, t
	}
	rule := t.node.XValidations[t.index]
	if locs := c.rules[t.ptr]; t.index < len(locs) {
		p.Def, p.DefPath, p.Index = locs[t.index].def, locs[t.index].path, locs[t.index].index
	}
	p.Field, p.Rule = t.part, rule.Rule
	p.Kind = KindRule
	p.Message = body(e, rule.Rule)
	if e.Type == field.ErrorTypeForbidden && (t.part == "rule" || t.part == "messageExpression") {
		// Cost is the only thing forbidden about a rule that compiles: over the
		// per-expression limit, or among the rules that put the total over its limit.
		p.Kind = KindCost
		if strings.Contains(e.Detail, "total") {
			p.Kind = KindTotalCost
		}
	}
	if p.Kind == KindRule && t.part == "rule" {
		p.Message += c.cutNote(t.ptr, e.Detail)
	}
	return p, t
}

var undefinedField = regexp.MustCompile(`undefined field '([^']*)'`)

// cutNote explains a compile error that the recursion cut below ptr may have caused: a
// field CEL does not know, which the type cut off there has.
func (c *converted) cutNote(ptr, detail string) string {
	var fields []string
	for _, m := range undefinedField.FindAllStringSubmatch(detail, -1) {
		fields = append(fields, m[1])
	}
	var cuts []string
	for cut := range c.cuts {
		if cut == ptr || strings.HasPrefix(cut, ptr+"/") {
			cuts = append(cuts, cut)
		}
	}
	sort.Strings(cuts)
	for _, cut := range cuts {
		def := c.defs[c.cuts[cut]]
		for _, f := range fields {
			if _, ok := def.Properties[f]; ok {
				return fmt.Sprintf(" (note: %q is recursive; its expansion stops at %s, below which CEL sees only its scalar fields)", c.cuts[cut], cut)
			}
		}
	}
	return ""
}

// body is the message of e without its field path. A short offending value is quoted
// (an unknown reason, a fieldPath); the rule itself and whole rule objects are not, since
// Problem carries the rule.
func body(e *field.Error, rule string) string {
	if e.Type == field.ErrorTypeInvalid || e.Type == field.ErrorTypeNotSupported {
		if v, ok := scalar(e.BadValue); ok && v != rule {
			return stableNames(e.ErrorBody())
		}
	}
	if e.Type == field.ErrorTypeInvalid || e.Type == field.ErrorTypeForbidden {
		return stableNames(e.Detail)
	}
	return stableNames(e.ErrorBody())
}

// selfTypeName is the name the API server gives the type of self: it ends
// in the clock's nanoseconds, which would make two runs' messages differ.
var selfTypeName = regexp.MustCompile(`\bselfType\d+\b`)

// stableNames drops the clock from the API server's type names.
func stableNames(msg string) string { return selfTypeName.ReplaceAllString(msg, "selfType") }

func scalar(v any) (string, bool) {
	if v == nil {
		return "", false
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return "", false
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), true
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return fmt.Sprint(rv.Interface()), true
	}
	return "", false
}
