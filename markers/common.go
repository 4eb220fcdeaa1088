package markers

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"k8s.io/gengo/v2/types"
)

// Markers that several generators read. Generators Define these shared
// values rather than declaring their own.
var (
	// GroupName is the API group of a package: +groupName=example.com.
	// Upstream takes the first of several, and k8s.io/apiserver's
	// apiserver/v1alpha1 gives two.
	GroupName = Typed[string](&Definition{
		Name:       "groupName",
		Place:      Package,
		Value:      Text{},
		Repeatable: true,
		Help:       "the API group of the package's types; the first counts if given again",
	})

	// Default is the value an empty field takes: +default=<JSON> or
	// +default=ref(Name). defaulter-gen and openapi-gen read it.
	Default = Typed[DefaultValue](&Definition{
		Name:  "default",
		Place: Field | Type,
		Once:  true,
		Value: defaultGrammar{},
		Help:  "the value a field (or every pointer to this type) is set to when it is empty: JSON, or ref(Const) / ref(import/path.Const)",
	})

	// Optional and Required say whether a field may be omitted. openapi-gen
	// and controller-gen read them; neither looks at a value.
	Optional = Typed[string](&Definition{
		Name:  "optional",
		Place: Field,
		Value: Text{},
		Help:  "the field may be omitted; without +optional or +required a field is optional when its JSON tag has omitempty",
	})
	Required = Typed[string](&Definition{
		Name:  "required",
		Place: Field,
		Value: Text{},
		Help:  "the field must be given; it is listed in the schema's required fields",
	})

	// ListType, ListMapKey, MapType and StructType are the server-side
	// apply markers of openapi-gen and controller-gen.
	ListType = Typed[string](&Definition{
		Name:  "listType",
		Place: Field | Type,
		Once:  true,
		Value: OneOf{"atomic", "set", "map"},
		Help:  "how server-side apply merges the list (x-kubernetes-list-type): atomic, set of scalars, or map keyed by +listMapKey",
	})
	ListMapKey = Typed[string](&Definition{
		Name:       "listMapKey",
		Place:      Field | Type,
		Value:      JSONName{},
		Repeatable: true,
		Help:       "with +listType=map: the JSON name of a scalar field of the elements that identifies them (x-kubernetes-list-map-keys; repeatable)",
	})
	MapType = Typed[string](&Definition{
		Name:  "mapType",
		Place: Field | Type,
		Once:  true,
		Value: OneOf{"atomic", "granular"},
		Help:  "how server-side apply merges the map (x-kubernetes-map-type)",
	})
	StructType = Typed[string](&Definition{
		Name:  "structType",
		Place: Field | Type,
		Once:  true,
		Value: OneOf{"atomic", "granular"},
		Help:  "how server-side apply merges the struct (x-kubernetes-map-type)",
	})
)

// JSONName accepts the JSON name of a field.
type JSONName struct{}

var jsonName = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$\-.]*$`)

func (JSONName) Parse(raw string) (any, error) {
	if !jsonName.MatchString(raw) {
		return nil, fmt.Errorf("%q is not the JSON name of a field", raw)
	}
	return raw, nil
}

func (JSONName) String() string { return "jsonFieldName" }

// Text accepts any value, including none.
type Text struct{}

func (Text) Parse(raw string) (any, error) { return raw, nil }
func (Text) String() string                { return "text" }

// ImportPath accepts a full Go import path, and "false" where AllowFalse.
type ImportPath struct{ AllowFalse bool }

func (g ImportPath) Parse(raw string) (any, error) {
	switch {
	case raw == "false" && g.AllowFalse:
		return raw, nil
	case raw == "":
		return nil, fmt.Errorf("an import path is required")
	case strings.HasPrefix(raw, "./") || strings.HasPrefix(raw, "../"):
		return nil, fmt.Errorf("relative path %q is not supported; use the full import path", raw)
	case strings.ContainsAny(raw, " \t\"'`"):
		return nil, fmt.Errorf("%q is not an import path", raw)
	}
	return raw, nil
}

func (g ImportPath) String() string {
	if g.AllowFalse {
		return "import/path|false"
	}
	return "import/path"
}

// DefaultValue is the parsed value of a +default marker: a JSON document,
// or a reference to a Go constant or variable.
type DefaultValue struct {
	Raw  string
	Ref  *types.Name // set for ref(Name) and ref(import/path.Name); Package may be ""
	JSON any         // otherwise: the decoded document, numbers as json.Number
	Err  error       // why Raw is neither; only a tool that applies it stops
}

// refPattern matches ref(...) with no quotes inside, the only form of
// +default that is not JSON.
var refPattern = regexp.MustCompile(`^ref\(([^"]+)\)$`)

// defaultGrammar parses +default values into a DefaultValue.
type defaultGrammar struct{}

func (defaultGrammar) Parse(raw string) (any, error) {
	if name, ok := DefaultRef(raw); ok {
		return DefaultValue{Raw: raw, Ref: &name}, nil
	}
	if raw == "" {
		return nil, fmt.Errorf("a JSON value or ref(Name) is required")
	}
	var plain any
	if err := json.Unmarshal([]byte(raw), &plain); err != nil {
		// Upstream reads +default only where it applies one, so a value
		// on a field no tool applies is generated from.
		err = fmt.Errorf("not JSON: %v", err)
		return nil, &Lenient{Value: DefaultValue{Raw: raw, Err: err}, Err: err}
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	return DefaultValue{Raw: raw, JSON: v}, nil
}

// DefaultRef splits a +default value of the form ref(import/path.Name) into
// package and name; the package is "" for ref(Name).
func DefaultRef(raw string) (types.Name, bool) {
	sub := refPattern.FindStringSubmatch(raw)
	if sub == nil || sub[1] == "" {
		return types.Name{}, false
	}
	return types.ParseFullyQualifiedName(sub[1]), true
}

func (defaultGrammar) String() string { return "JSON|ref(Name)|ref(import/path.Name)" }
