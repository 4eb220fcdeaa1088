package compat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"

	"github.com/apigen-dev/apigen/markers"
)

// validation is what a field's markers allow: bounds, pattern, format,
// enum values and CEL rules, read from the three spellings apigen knows:
// +k8s:validation:<key> (openapi-gen), +k8s:<key> (validation-gen) and
// +kubebuilder:validation:<Key> (controller-gen). They are read from the
// comment text, as openapi-gen reads its own, because openapi-gen's keys
// carry subscripts the marker registry does not parse; controller-gen's
// are read with its grammar, markers.ArgGrammar, as generation reads them.
type validation struct {
	limits    map[string]float64 // maxLength, minItems, maximum, ...
	pattern   string
	format    string
	enum      []string // nil when the markers list none
	rules     []string // CEL rules
	immutable bool
	// shadow: keys whose only tags are wrapped in +k8s:alpha(…), which
	// the server checks without enforcing; the hand-written validation
	// still decides.
	shadow map[string]bool
}

// upper bounds tighten when lowered; lower bounds when raised.
var upperBounds = []string{"maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum"}
var lowerBounds = []string{"minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum"}

var (
	celIndexed = regexp.MustCompile(`^cel\[(\d+)\]:rule([=>])(.*)$`)
)

// unwrap replaces stability-wrapped tags, +k8s:alpha(since: "1.36")=+k8s:minimum=0,
// by the tags they wrap, read with the registry's tag grammar, and says
// which were wrapped in +k8s:alpha: the tag inside still states the rule
// (the wrapper says how the server enforces it). Conditional tags
// (+k8s:ifEnabled(Gate)=…) are left as they are, and so not read.
func unwrap(lines []string) ([]string, []bool) {
	out := make([]string, len(lines))
	alpha := make([]bool, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
		for strings.HasPrefix(out[i], "+k8s:alpha") || strings.HasPrefix(out[i], "+k8s:beta") {
			tag, err := codetags.Parse(out[i][1:], codetags.RawValues(true))
			if err != nil || tag.Name != "k8s:alpha" && tag.Name != "k8s:beta" || !strings.HasPrefix(tag.Value, "+") {
				break
			}
			alpha[i] = alpha[i] || tag.Name == "k8s:alpha"
			out[i] = tag.Value
		}
	}
	return out, alpha
}

func readValidation(lines []string) validation {
	lines, alpha := unwrap(lines)
	v := validation{limits: map[string]float64{}, shadow: map[string]bool{}}
	plain := map[string]bool{}
	cel := map[string]string{}
	var celOrder []string
	for i, l := range lines {
		if key := k8sKey(l); key != "" {
			v.shadow[key] = v.shadow[key] || alpha[i]
			plain[key] = plain[key] || !alpha[i]
		}
		switch {
		case strings.HasPrefix(l, "+k8s:validation:"):
			rest := strings.TrimPrefix(l, "+k8s:validation:")
			if sub := celIndexed.FindStringSubmatch(rest); sub != nil {
				text := sub[3]
				if sub[2] == "=" {
					text = unquote(text)
				}
				if old, ok := cel[sub[1]]; ok && sub[2] == ">" {
					text = old + "\n" + text
				} else if !ok {
					celOrder = append(celOrder, sub[1])
				}
				cel[sub[1]] = text
				continue
			}
			v.set(strings.Cut(rest, "="))
		case strings.HasPrefix(l, "+"+markers.SchemaValidationPrefix):
			v.setSchemaValidation(l[1:])
		case l == "+k8s:immutable" || l == "+k8s:update=NoModify" || l == "+k8s:frozen":
			v.immutable = true
		case strings.HasPrefix(l, "+k8s:"):
			v.set(strings.Cut(strings.TrimPrefix(l, "+k8s:"), "="))
		}
	}
	for k, enforced := range plain {
		if enforced {
			delete(v.shadow, k) // also given unwrapped
		}
	}
	for _, i := range celOrder {
		v.rules = append(v.rules, cel[i])
	}
	for _, r := range v.rules {
		if isImmutableRule(r) {
			v.immutable = true
		}
	}
	return v
}

// k8sKey returns the key a validation-gen tag sets: "maxItems" for
// +k8s:maxItems=8, "immutable" for the immutability tags, or "".
func k8sKey(l string) string {
	switch {
	case l == "+k8s:immutable" || l == "+k8s:update=NoModify" || l == "+k8s:frozen":
		return "immutable"
	case strings.HasPrefix(l, "+k8s:") && !strings.HasPrefix(l, "+k8s:validation:"):
		key, _, _ := strings.Cut(strings.TrimPrefix(l, "+k8s:"), "=")
		return key
	}
	return ""
}

// setSchemaValidation sets what a +kubebuilder:validation: marker says,
// read with controller-gen's grammar; a marker it rejects says nothing.
func (v *validation) setSchemaValidation(text string) {
	key, args, ok := markers.ReadSchemaValidation(text)
	switch {
	case !ok:
	case key == "XValidation":
		v.rules = append(v.rules, args["rule"].(string))
	case key == "Enum":
		v.enum = []string{}
		items, _ := args[""].([]any)
		for _, x := range items {
			v.enum = append(v.enum, fmt.Sprint(x))
		}
	case key == "Pattern" || key == "Format":
		v.set(lowerFirst(key), strconv.Quote(args[""].(string)), true)
	default:
		v.set(lowerFirst(key), fmt.Sprint(args[""]), true)
	}
}

func (v *validation) set(key, value string, ok bool) {
	if !ok {
		return
	}
	switch {
	case slices.Contains(upperBounds, key) || slices.Contains(lowerBounds, key):
		if n, err := strconv.ParseFloat(strings.Trim(value, `"`), 64); err == nil {
			v.limits[key] = n
		}
	case key == "pattern":
		v.pattern = unquote(value)
	case key == "format":
		v.format = unquote(value)
	case key == "enum":
		var vals []any
		if json.Unmarshal([]byte(value), &vals) == nil {
			v.enum = []string{}
			for _, x := range vals {
				b, _ := json.Marshal(x)
				v.enum = append(v.enum, strings.Trim(string(b), `"`))
			}
		}
	}
}

// or adds what w says and v does not.
func (v validation) or(w validation) validation {
	for k, n := range w.limits {
		if _, ok := v.limits[k]; !ok {
			v.limits[k] = n
		}
	}
	if v.pattern == "" {
		v.pattern = w.pattern
	}
	if v.format == "" {
		v.format = w.format
	}
	if v.enum == nil {
		v.enum = w.enum
	}
	v.rules = append(slices.Clone(v.rules), w.rules...)
	v.immutable = v.immutable || w.immutable
	for k, on := range w.shadow {
		if _, ok := v.shadow[k]; !ok {
			v.shadow[k] = on
		}
	}
	return v
}

var spaces = regexp.MustCompile(`\s+`)

// isImmutableRule reports whether a CEL rule is self == oldSelf.
func isImmutableRule(rule string) bool {
	r := spaces.ReplaceAllString(rule, "")
	return r == "self==oldSelf" || r == "oldSelf==self"
}

// ratchets reports whether a CEL rule looks at the old object, so that
// stored values that break it can still be updated.
func ratchets(rule string) bool { return strings.Contains(rule, "oldSelf") }

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// compactJSON normalizes a JSON value so that spacing does not count as a
// change; other text is kept as it is.
func compactJSON(raw string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(raw)) == nil {
		return b.String()
	}
	return raw
}
