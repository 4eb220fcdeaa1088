package openapi

import (
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/markers"
)

// The +k8s:validation: family adds value validations and CEL rules to a
// schema. Its syntax, which this file reads as upstream does:
//
//	+k8s:validation:<key>=<JSON>     a value; a key may be assigned once
//	+k8s:validation:<key>            the value true
//	+k8s:validation:<key>><text>     a string; repeating the key on the
//	                                 next lines appends "\n"+text
//
// A key is a path separated by ":" whose steps may carry an index,
// cel[0]:rule. Indexes of one key must appear in order on consecutive
// lines. Keys whose first step is not a known field are ignored, and so
// are values of the form ref(...).
const validationPrefix = "+k8s:validation:"

var (
	assignLine = regexp.MustCompile(`^([:_a-zA-Z0-9\[\]\-]*)=(.*)$`)
	bareLine   = regexp.MustCompile(`^([:_a-zA-Z0-9\[\]\-]*)$`)
	appendLine = regexp.MustCompile(`^([:_a-zA-Z0-9\[\]\-]*)>(.*)$`)
	refValue   = regexp.MustCompile(`^ref\(([^"]+)\)$`)
)

// knownKeys are the first steps of the keys the family defines.
var knownKeys = []string{
	"nullable", "format", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems",
	"multipleOf", "enum", "maxProperties", "minProperties",
	"items", "properties", "additionalProperties", "cel",
}

// ValidationMarker is one +k8s:validation: marker: the key after the
// prefix, its value as JSON (continuation lines joined), and the line it
// starts on.
type ValidationMarker struct {
	Key   string
	Value string
	Pos   token.Position
}

// problem is an error in the markers of one comment, at a line.
type problem struct {
	pos token.Position
	msg string
}

// validationMarkers reads the +k8s:validation: lines among lines. It
// returns the markers in the order their keys first appear; on a syntax
// error it returns the problems and no markers.
func validationMarkers(lines []markers.Line) ([]*ValidationMarker, []problem) {
	var out []*ValidationMarker
	byKey := map[string]*ValidationMarker{}
	var problems []problem
	lastKey, lastList, lastIndex := "", "", -1
	for _, l := range lines {
		text := strings.Trim(strings.TrimRight(l.Text, " \t\r\n"), " ")
		prevKey, prevList, prevIndex := lastKey, lastList, lastIndex
		lastKey, lastList, lastIndex = "", "", -1
		rest, ok := strings.CutPrefix(text, validationPrefix)
		if !ok {
			continue
		}
		var key, value string
		if sub := assignLine.FindStringSubmatch(rest); sub != nil {
			key, value = sub[1], sub[2]
			if byKey[key] != nil {
				return nil, []problem{{l.Pos, fmt.Sprintf("%s%s is given twice; a key takes one value (use %s> to continue a string on the next line)", validationPrefix, key, key)}}
			}
		} else if sub := bareLine.FindStringSubmatch(rest); sub != nil {
			key = sub[1]
		} else if sub := appendLine.FindStringSubmatch(rest); sub != nil {
			key = sub[1]
			text := strings.Trim(sub[2], " ")
			switch old := byKey[key]; {
			case old == nil:
				value = jsonString(text)
			case key != prevKey:
				return nil, []problem{{l.Pos, fmt.Sprintf("%s%s> continues a string, so it must directly follow the line before it for the same key", validationPrefix, key)}}
			default:
				var s string
				if err := json.Unmarshal([]byte(old.Value), &s); err != nil {
					return nil, []problem{{l.Pos, fmt.Sprintf("%s%s> cannot continue %s, which is not a string", validationPrefix, key, old.Value)}}
				}
				value = jsonString(s + "\n" + text)
			}
		} else {
			return nil, []problem{{l.Pos, fmt.Sprintf("malformed marker %s%s: expected %skey=<JSON>, %skey or %skey>text", validationPrefix, rest, validationPrefix, validationPrefix, validationPrefix)}}
		}
		if m := byKey[key]; m != nil {
			m.Value = value
		} else {
			m = &ValidationMarker{Key: key, Value: value, Pos: l.Pos}
			byKey[key] = m
			out = append(out, m)
		}
		lastKey = key
		if list, index, ok, err := subscript(key); err == nil && ok {
			// An index repeats or follows the index on the line before, and a
			// new list starts at 0.
			if list != prevList && index != 0 || index != prevIndex && index != prevIndex+1 {
				problems = append(problems, problem{l.Pos, fmt.Sprintf("%s%s: index %d of %s does not follow the line before it; indexes start at 0 and go up by one on consecutive lines", validationPrefix, key, index, list)})
			}
			lastList, lastIndex = list, index
		}
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return out, nil
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// subscript splits the first indexed step of key, "a:cel[2]:rule", into
// the path before the index ("a:cel") and the index.
func subscript(key string) (string, int, bool, error) {
	open := strings.IndexByte(key, '[')
	if open < 0 {
		return "", -1, false, nil
	}
	inner, _, _ := strings.Cut(key[open+1:], "]")
	if inner == "" {
		return "", -1, false, fmt.Errorf("empty index in %s", key)
	}
	n, err := strconv.Atoi(inner)
	if err != nil {
		return "", -1, false, fmt.Errorf("index %q in %s is not an integer", inner, key)
	}
	if n < 0 {
		return "", -1, false, fmt.Errorf("index %d in %s is negative", n, key)
	}
	return key[:open], n, true, nil
}

// valueTree nests the markers' values by the steps of their keys, as
// JSON-like maps and lists, remembering where each node came from.
type valueTree struct {
	root map[string]any
	pos  map[string]token.Position // "cel.0.rule" -> the marker that set it, and every prefix
}

func (v *valueTree) mark(path string, pos token.Position) {
	if _, ok := v.pos[path]; !ok {
		v.pos[path] = pos
	}
}

// at returns the position of path, or of its closest ancestor.
func (v *valueTree) at(path string) token.Position {
	for {
		if p, ok := v.pos[path]; ok {
			return p
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return v.pos[""]
		}
		path = path[:i]
	}
}

// nestValues decodes the markers' values and nests them.
func nestValues(ms []*ValidationMarker) (*valueTree, []problem) {
	tree := &valueTree{root: map[string]any{}, pos: map[string]token.Position{}}
	var problems []problem
	for _, m := range ms {
		if m.Key == "" {
			problems = append(problems, problem{m.Pos, "a " + validationPrefix + " marker needs a key"})
			continue
		}
		first := strings.FieldsFunc(m.Key, func(r rune) bool { return r == ':' || r == '[' })
		if len(first) == 0 || !slices.Contains(knownKeys, first[0]) || refValue.MatchString(m.Value) {
			continue
		}
		var v any = true
		if m.Value != "" {
			if err := json.Unmarshal([]byte(m.Value), &v); err != nil {
				problems = append(problems, problem{m.Pos, fmt.Sprintf("value of %s%s is not JSON: %v", validationPrefix, m.Key, err)})
				continue
			}
		}
		if len(tree.pos) == 0 {
			tree.pos[""] = m.Pos
		}
		if err := tree.put(tree.root, "", strings.Split(m.Key, ":"), v, m.Pos); err != nil {
			problems = append(problems, problem{m.Pos, fmt.Sprintf("%s%s: %v", validationPrefix, m.Key, err)})
		}
	}
	return tree, problems
}

func (v *valueTree) put(into map[string]any, path string, steps []string, value any, pos token.Position) error {
	step, rest := steps[0], steps[1:]
	list, index, indexed, err := subscript(step)
	if err != nil {
		return err
	}
	if indexed {
		here := join(path, list)
		v.mark(here, pos)
		var items []any
		switch old := into[list].(type) {
		case nil:
		case []any:
			items = old
		default:
			return fmt.Errorf("%s is used both as a list and as a value", list)
		}
		for len(items) <= index {
			items = append(items, nil)
		}
		into[list] = items
		elem := join(here, strconv.Itoa(index))
		v.mark(elem, pos)
		dst, _ := items[index].(map[string]any)
		if dst == nil {
			dst = map[string]any{}
			items[index] = dst
		}
		if len(rest) == 0 {
			return fmt.Errorf("%s[%d] needs a field, such as %s[%d]:rule", list, index, list, index)
		}
		return v.put(dst, elem, rest, value, pos)
	}
	here := join(path, step)
	v.mark(here, pos)
	if len(rest) == 0 {
		if _, ok := into[step]; ok {
			return fmt.Errorf("%s is given a value and also has nested keys", step)
		}
		into[step] = value
		return nil
	}
	switch old := into[step].(type) {
	case nil:
		dst := map[string]any{}
		into[step] = dst
		return v.put(dst, here, rest, value, pos)
	case map[string]any:
		return v.put(old, here, rest, value, pos)
	default:
		return fmt.Errorf("%s is given a value and also has nested keys", step)
	}
}

// keyOf spells a tree path as a marker key: "cel.0.rule" is cel[0]:rule.
func keyOf(path string) string {
	var b strings.Builder
	for i, step := range strings.Split(path, ".") {
		if _, err := strconv.Atoi(step); err == nil && i > 0 {
			b.WriteString("[" + step + "]")
			continue
		}
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(step)
	}
	return b.String()
}

func join(path, step string) string {
	if path == "" {
		return step
	}
	return path + "." + step
}

// celRule is one entry of cel: a rule and how its failure is reported.
type celRule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            string
	FieldPath         string
	OptionalOldSelf   *bool
	Pos               token.Position // the first line of the entry
	RulePos           token.Position // the line of its rule
}

// vtags are the decoded markers of one schema level.
type vtags struct {
	tree *valueTree
	path string // where this level is in tree, "" for the root

	Nullable, ExclusiveMaximum, ExclusiveMinimum, UniqueItems *bool
	Format, Pattern                                           *string
	Maximum, Minimum, MultipleOf                              *float64
	MaxLength, MinLength, MaxItems, MinItems                  *int64
	MaxProperties, MinProperties                              *int64
	Enum                                                      []any
	Items, AdditionalProperties                               *vtags
	Properties                                                map[string]*vtags
	CEL                                                       []celRule
}

func (t *vtags) at(key string) token.Position { return t.tree.at(join(t.path, key)) }

// decode fills a vtags from one level of the tree. Values of the wrong
// JSON type are problems; unknown keys are ignored.
func decode(tree *valueTree, path string, obj map[string]any, problems *[]problem) *vtags {
	t := &vtags{tree: tree, path: path}
	bad := func(key, want string) {
		*problems = append(*problems, problem{t.at(key), fmt.Sprintf("%s%s must be %s", validationPrefix, keyOf(join(path, key)), want)})
	}
	for key, v := range obj {
		if v == nil {
			continue
		}
		switch key {
		case "nullable", "exclusiveMaximum", "exclusiveMinimum", "uniqueItems":
			b, ok := v.(bool)
			if !ok {
				bad(key, "true or false")
				continue
			}
			*map[string]**bool{"nullable": &t.Nullable, "exclusiveMaximum": &t.ExclusiveMaximum, "exclusiveMinimum": &t.ExclusiveMinimum, "uniqueItems": &t.UniqueItems}[key] = &b
		case "format", "pattern":
			s, ok := v.(string)
			if !ok {
				bad(key, "a JSON string")
				continue
			}
			*map[string]**string{"format": &t.Format, "pattern": &t.Pattern}[key] = &s
		case "maximum", "minimum", "multipleOf":
			f, ok := v.(float64)
			if !ok {
				bad(key, "a number")
				continue
			}
			*map[string]**float64{"maximum": &t.Maximum, "minimum": &t.Minimum, "multipleOf": &t.MultipleOf}[key] = &f
		case "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties":
			f, ok := v.(float64)
			// Upstream decodes through float64 and JSON again, so 5.0 is 5.
			if !ok || f != math.Trunc(f) || math.Abs(f) >= 1e21 || f < math.MinInt64 || f >= math.MaxInt64 {
				bad(key, "an integer")
				continue
			}
			n := int64(f)
			*map[string]**int64{"maxLength": &t.MaxLength, "minLength": &t.MinLength, "maxItems": &t.MaxItems, "minItems": &t.MinItems, "maxProperties": &t.MaxProperties, "minProperties": &t.MinProperties}[key] = &n
		case "enum":
			list, ok := v.([]any)
			if !ok {
				bad(key, "a JSON list")
				continue
			}
			t.Enum = list
		case "items", "additionalProperties":
			o, ok := v.(map[string]any)
			if !ok {
				bad(key, "a JSON object of validations")
				continue
			}
			child := decode(tree, join(path, key), o, problems)
			if key == "items" {
				t.Items = child
			} else {
				t.AdditionalProperties = child
			}
		case "properties":
			o, ok := v.(map[string]any)
			if !ok {
				bad(key, "a JSON object of property validations")
				continue
			}
			t.Properties = map[string]*vtags{}
			for name, pv := range o {
				po, ok := pv.(map[string]any)
				if !ok {
					bad(key+"."+name, "a JSON object of validations")
					continue
				}
				t.Properties[name] = decode(tree, join(join(path, key), name), po, problems)
			}
		case "cel":
			list, ok := v.([]any)
			if !ok {
				bad(key, "a list, as in cel[0]:rule")
				continue
			}
			for i, item := range list {
				entry := join(join(path, key), strconv.Itoa(i))
				r := celRule{Pos: tree.at(entry), RulePos: tree.at(join(entry, "rule"))}
				o, _ := item.(map[string]any)
				if item != nil && o == nil {
					bad(key+"."+strconv.Itoa(i), "an object")
					continue
				}
				for f, fv := range o {
					if fv == nil {
						continue
					}
					var dst *string
					switch f {
					case "rule":
						dst = &r.Rule
					case "message":
						dst = &r.Message
					case "messageExpression":
						dst = &r.MessageExpression
					case "reason":
						dst = &r.Reason
					case "fieldPath":
						dst = &r.FieldPath
					case "optionalOldSelf":
						b, ok := fv.(bool)
						if !ok {
							bad(key+"."+strconv.Itoa(i)+"."+f, "true or false")
							continue
						}
						r.OptionalOldSelf = &b
						continue
					default:
						continue
					}
					s, ok := fv.(string)
					if !ok {
						bad(key+"."+strconv.Itoa(i)+"."+f, "a JSON string")
						continue
					}
					*dst = s
				}
				t.CEL = append(t.CEL, r)
			}
		}
	}
	return t
}

// check reports values that contradict each other or are out of range.
func (t *vtags) check(problems *[]problem) {
	key := func(k string) string { return validationPrefix + keyOf(join(t.path, k)) }
	add := func(k, format string, args ...any) {
		*problems = append(*problems, problem{t.at(k), fmt.Sprintf(format, args...)})
	}
	for _, c := range []struct {
		key string
		v   *int64
	}{{"minLength", t.MinLength}, {"maxLength", t.MaxLength}, {"minItems", t.MinItems}, {"maxItems", t.MaxItems}, {"minProperties", t.MinProperties}, {"maxProperties", t.MaxProperties}} {
		if c.v != nil && *c.v < 0 {
			add(c.key, "%s=%d is negative", key(c.key), *c.v)
		}
	}
	if t.Minimum != nil && t.Maximum != nil && *t.Minimum > *t.Maximum {
		add("minimum", "%s=%v is greater than %s=%v", key("minimum"), *t.Minimum, key("maximum"), *t.Maximum)
	}
	if (t.ExclusiveMinimum != nil || t.ExclusiveMaximum != nil) && t.Minimum != nil && t.Maximum != nil && *t.Minimum == *t.Maximum {
		k := "exclusiveMinimum"
		if t.ExclusiveMinimum == nil {
			k = "exclusiveMaximum"
		}
		add(k, "%s cannot be used when minimum and maximum are both %v", key(k), *t.Minimum)
	}
	for _, c := range []struct {
		lo, hi string
		l, h   *int64
	}{{"minLength", "maxLength", t.MinLength, t.MaxLength}, {"minItems", "maxItems", t.MinItems, t.MaxItems}, {"minProperties", "maxProperties", t.MinProperties, t.MaxProperties}} {
		if c.l != nil && c.h != nil && *c.l > *c.h {
			add(c.lo, "%s=%d is greater than %s=%d", key(c.lo), *c.l, key(c.hi), *c.h)
		}
	}
	if t.Pattern != nil {
		if _, err := regexp.Compile(*t.Pattern); err != nil {
			add("pattern", "%s: %q is not a regular expression: %v", key("pattern"), *t.Pattern, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
	}
	if t.MultipleOf != nil && *t.MultipleOf == 0 {
		add("multipleOf", "%s must not be 0", key("multipleOf"))
	}
	for i, r := range t.CEL {
		entry := fmt.Sprintf("%s[%d]", key("cel"), i)
		at := func(format string, args ...any) {
			*problems = append(*problems, problem{r.Pos, entry + ": " + fmt.Sprintf(format, args...)})
		}
		if r == (celRule{Pos: r.Pos, RulePos: r.RulePos}) {
			at("the rule is empty; CEL rules are numbered from 0 on consecutive lines")
			continue
		}
		if r.Rule == "" {
			at("the rule is missing (%s:rule)", entry)
		}
		switch {
		case r.Message == "" && r.MessageExpression == "":
			at("a message or messageExpression is required")
		case r.Message != "" && r.MessageExpression != "":
			at("message and messageExpression cannot both be given; keep one")
		}
	}
}

// validationSchema is the schema the markers of one level describe. It
// holds only validations: nested ones go into a single allOf entry, so
// they never add structure.
func (t *vtags) validationSchema() spec.Schema {
	var s spec.Schema
	if t == nil {
		return s
	}
	deref := func(b *bool) bool { return b != nil && *b }
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	s.Nullable = deref(t.Nullable)
	s.Format = str(t.Format)
	s.Maximum, s.Minimum, s.MultipleOf = t.Maximum, t.Minimum, t.MultipleOf
	s.ExclusiveMaximum, s.ExclusiveMinimum = deref(t.ExclusiveMaximum), deref(t.ExclusiveMinimum)
	s.MaxLength, s.MinLength = t.MaxLength, t.MinLength
	s.Pattern = str(t.Pattern)
	s.MaxItems, s.MinItems = t.MaxItems, t.MinItems
	s.UniqueItems = deref(t.UniqueItems)
	s.Enum = t.Enum
	s.MaxProperties, s.MinProperties = t.MaxProperties, t.MinProperties
	if len(t.CEL) > 0 {
		s.AddExtension(validationsExtension, celValue(t.CEL))
	}
	var nested spec.Schema
	if t.Items != nil {
		items := t.Items.validationSchema()
		nested.Items = &spec.SchemaOrArray{Schema: &items}
	}
	if len(t.Properties) > 0 {
		nested.Properties = map[string]spec.Schema{}
		for k, p := range t.Properties {
			nested.Properties[k] = p.validationSchema()
		}
	}
	if t.AdditionalProperties != nil {
		ap := t.AdditionalProperties.validationSchema()
		nested.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &ap}
	}
	if nested.Items != nil || nested.Properties != nil || nested.AdditionalProperties != nil {
		s.AllOf = []spec.Schema{nested}
	}
	return s
}

// celValue is the x-kubernetes-validations value of rules: a list of
// objects with the fields that are set.
func celValue(rules []celRule) []any {
	out := make([]any, len(rules))
	for i, r := range rules {
		o := map[string]any{}
		for k, v := range map[string]string{"rule": r.Rule, "message": r.Message, "messageExpression": r.MessageExpression, "reason": r.Reason, "fieldPath": r.FieldPath} {
			if v != "" {
				o[k] = v
			}
		}
		if r.OptionalOldSelf != nil {
			o["optionalOldSelf"] = *r.OptionalOldSelf
		}
		out[i] = o
	}
	return out
}

// checkType reports validations that do not fit values of type t. Types
// that supply their own schema may be anything, so they are not checked.
// As upstream, the validations nested under items and additionalProperties
// are not checked against the element type.
func (t *vtags) checkType(typ *types.Type, problems *[]problem) {
	before := len(*problems)
	add := func(key, format string, args ...any) {
		*problems = append(*problems, problem{t.at(key), fmt.Sprintf(format, args...)})
	}
	r := resolve(typ)
	if (r.Kind == types.Interface || r.Kind == types.Struct) && customSchema(resolvePointers(typ)) {
		return
	}
	kind, _ := common.OpenAPITypeFormat(r.String())
	array := r.Kind == types.Slice || r.Kind == types.Array
	isMap := r.Kind == types.Map
	isStruct := r.Kind == types.Struct
	number := kind == "integer" || kind == "number"
	what := describeType(typ)
	for _, c := range []struct {
		key  string
		set  bool
		ok   bool
		only string
	}{
		{"maxItems", t.MaxItems != nil, array, "lists"},
		{"minItems", t.MinItems != nil, array, "lists"},
		{"uniqueItems", t.UniqueItems != nil, array, "lists"},
		{"maxProperties", t.MaxProperties != nil, isMap || isStruct, "maps and structs"},
		{"minProperties", t.MinProperties != nil, isMap || isStruct, "maps and structs"},
		{"minLength", t.MinLength != nil, kind == "string", "strings"},
		{"maxLength", t.MaxLength != nil, kind == "string", "strings"},
		{"pattern", t.Pattern != nil, kind == "string", "strings"},
		{"minimum", t.Minimum != nil, number, "numbers"},
		{"maximum", t.Maximum != nil, number, "numbers"},
		{"multipleOf", t.MultipleOf != nil, number, "numbers"},
		{"exclusiveMinimum", t.ExclusiveMinimum != nil, number, "numbers"},
		{"exclusiveMaximum", t.ExclusiveMaximum != nil, number, "numbers"},
		{"additionalProperties", t.AdditionalProperties != nil, isMap, "maps"},
		{"items", t.Items != nil, array, "lists"},
	} {
		if c.set && !c.ok {
			add(c.key, "%s%s applies to %s, not to %s", validationPrefix, keyOf(join(t.path, c.key)), c.only, what)
		}
	}
	if t.Properties == nil {
		return
	}
	if !isStruct && !isMap {
		add("properties", "%s%s applies to structs and maps, not to %s", validationPrefix, keyOf(join(t.path, "properties")), what)
		return
	}
	if !isStruct || len(*problems) > before {
		return
	}
	for _, key := range slices.Sorted(maps.Keys(t.Properties)) {
		m := memberNamed(r, key)
		if m == nil {
			add("properties."+key, "%s%s: %s has no field with JSON name %q", validationPrefix, keyOf(join(t.path, "properties."+key)), r.Name.Name, key)
			continue
		}
		t.Properties[key].checkType(m.Type, problems)
	}
}

// memberNamed finds the field of struct t, or of the structs it embeds,
// whose JSON name is name.
func memberNamed(t *types.Type, name string) *types.Member {
	for i := range t.Members {
		m := &t.Members[i]
		if tags := jsonTags(m); len(tags) > 0 && tags[0] == name {
			return m
		}
		if m.Embedded {
			if found := memberNamed(m.Type, name); found != nil {
				return found
			}
		}
	}
	return nil
}

// describeType names a Go type for messages: what it is in JSON, and its
// Go spelling if that says more.
func describeType(t *types.Type) string {
	r := resolve(t)
	what := ""
	if kind, _ := common.OpenAPITypeFormat(r.String()); kind != "" && kind != "object" {
		what = "a " + kind
	} else {
		switch r.Kind {
		case types.Slice, types.Array:
			what = "a list"
		case types.Map:
			what = "a map"
		case types.Struct:
			what = "a struct"
		default:
			return goSpelling(t)
		}
	}
	if t.Kind == types.Builtin {
		return what
	}
	return what + " (" + goSpelling(t) + ")"
}

// goSpelling spells t as Go code in its own package would, qualifying
// names of other packages by their last element.
func goSpelling(t *types.Type) string {
	switch t.Kind {
	case types.Pointer:
		return "*" + goSpelling(t.Elem)
	case types.Slice:
		return "[]" + goSpelling(t.Elem)
	case types.Map:
		return "map[" + goSpelling(t.Key) + "]" + goSpelling(t.Elem)
	}
	if t.Name.Package == "" {
		return t.Name.Name
	}
	return path.Base(t.Name.Package) + "." + t.Name.Name
}

// validations reads the +k8s:validation: markers among lines, which stand
// above a value of type t, and reports their problems.
func (b *builder) validations(lines []markers.Line, t *types.Type) (*vtags, []*ValidationMarker) {
	ms, problems := validationMarkers(lines)
	b.unknownKeys(ms)
	b.misspeltPrefix(lines)
	if len(problems) == 0 && len(ms) > 0 {
		var tree *valueTree
		tree, problems = nestValues(ms)
		if len(problems) == 0 {
			vt := decode(tree, "", tree.root, &problems)
			if len(problems) == 0 {
				vt.check(&problems)
				vt.checkType(t, &problems)
				if len(problems) == 0 {
					return vt, ms
				}
			}
		}
	}
	for _, p := range problems {
		b.errorf(p.pos, "%s", p.msg)
	}
	return nil, ms
}

// misspeltPrefix warns of markers that misspell +k8s:validation:, which
// upstream passes over as it does any tag it does not know.
func (b *builder) misspeltPrefix(lines []markers.Line) {
	for _, l := range lines {
		name := markers.TagName(strings.TrimSpace(l.Text))
		space, rest, ok := strings.Cut(strings.TrimPrefix(name, "k8s:"), ":")
		if !ok || !strings.HasPrefix(name, "k8s:") || space == "validation" {
			continue
		}
		if markers.Suggest(space, []string{"validation"}) != "" {
			b.warnf(l.Pos, "unknown marker +%s, which openapi-gen passes over; did you mean +k8s:validation:%s?", name, rest)
		}
	}
}

// checkUnread looks for misspelt markers on a declared type that gets no
// definition of its own, and on its fields: upstream reads a named
// scalar's markers only where a field uses it, and an unselected struct's
// never.
func (b *builder) checkUnread(t *types.Type) {
	b.misspeltPrefix(b.src.typeLines(t))
	if t.Kind == types.Struct {
		for i := range t.Members {
			b.misspeltPrefix(b.src.fieldLines(t, i))
		}
	}
}

// unknownKeys warns of markers whose key, or whose CEL rule's key,
// upstream does not know, and so passes over: a misspelt key most likely.
func (b *builder) unknownKeys(ms []*ValidationMarker) {
	for _, m := range ms {
		segs := strings.FieldsFunc(m.Key, func(r rune) bool { return r == ':' || r == '[' })
		if len(segs) > 0 && !slices.Contains(knownKeys, segs[0]) {
			b.warnf(m.Pos, "%s%s: %s is not a key of the family, so the marker is passed over%s", validationPrefix, m.Key, segs[0], markers.Suggest(segs[0], knownKeys))
			continue
		}
		for i := 0; i+2 < len(segs); i++ {
			if key := segs[i+2]; segs[i] == "cel" && strings.HasSuffix(segs[i+1], "]") && !slices.Contains(celKeys, key) {
				b.warnf(m.Pos, "%s%s: %s is not a key of a CEL rule, so it is passed over%s", validationPrefix, m.Key, key, markers.Suggest(key, celKeys))
			}
		}
	}
}

// celKeys are the keys of one +k8s:validation:cel[i] rule.
var celKeys = []string{"rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"}
