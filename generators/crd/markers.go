package crd

import (
	"encoding/json"
	"strings"
	"sync"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

// grammar parses a marker in controller-gen's syntax: the whole text after
// "+", name, then ":arg=value,..." or "=value". Parse returns map[string]any
// keyed by argument name, "" for the single unnamed value.
type grammar struct {
	name string
	args []arg
}

// Parse splits text as controller-gen does: the name ends at the first
// "="; with one, the name's last ":" segment is the first argument's name
// for markers with named arguments, and is ignored for the others.
func (g grammar) Parse(text string) (any, error) {
	head, fields, hasValue := strings.Cut(strings.TrimSpace(text), "=")
	i := strings.LastIndexByte(head, ':')
	switch {
	case hasValue && i >= 0 && len(g.args) > 0 && !anonymous(g.args):
		fields = head[i+1:] + "=" + fields
	case anonymous(g.args) && g.args[0].whole && strings.HasPrefix(g.name, "k8s:"):
		fields, _, _ = strings.Cut(fields, "#") // a +k8s: number may end in a comment
	}
	return parseArgs(fields, g.args)
}

func (g grammar) String() string {
	var parts []string
	for _, a := range g.args {
		if a.name == "" {
			return "value"
		}
		parts = append(parts, a.name+"=...")
	}
	return strings.Join(parts, ",")
}

// def declares a marker read with controller-gen's syntax.
func def(name string, place markers.Place, help string, args ...arg) *markers.Definition {
	return argsDef(name, place, help, args...).Definition
}

// argsDef is def typed, for a marker read by name.
func argsDef(name string, place markers.Place, help string, args ...arg) markers.Def[map[string]any] {
	return markers.Typed[map[string]any](&markers.Definition{
		Name: name, Place: place, Args: true, Repeatable: true,
		Value: grammar{name: name, args: args}, Help: help,
	})
}

func value(k kind) arg { return arg{kind: k} }

func whole(k kind) arg { return arg{kind: k, whole: true} }

func named(n string, k kind, optional bool) arg { return arg{name: n, kind: k, optional: optional} }

const (
	validation = "kubebuilder:validation:"
	itemsPref  = validation + "items:"
	fieldOrTyp = markers.Field | markers.Type
)

// rbacArgs are the arguments of +kubebuilder:rbac.
var rbacArgs = []arg{
	named("groups", kStrings, true), named("resources", kStrings, true), named("resourceNames", kStrings, true),
	named("verbs", kStrings, false), named("urls", kStrings, true), named("namespace", kString, true),
	named("roleName", kString, true),
}

// webhookArgs are the arguments of +kubebuilder:webhook.
var webhookArgs = []arg{
	named("mutating", kBool, false), named("failurePolicy", kString, false), named("matchPolicy", kString, true),
	named("sideEffects", kString, true), named("timeoutSeconds", kInt, true),
	named("groups", kStrings, false), named("resources", kStrings, false), named("verbs", kStrings, false),
	named("versions", kStrings, false), named("name", kString, false),
	named("serviceName", kString, true), named("serviceNamespace", kString, true), named("path", kString, true),
	arg{name: "servicePort", kind: kInt, optional: true, pointer: true},
	named("webhookVersions", kStrings, true), named("admissionReviewVersions", kStrings, false),
	named("reinvocationPolicy", kString, true), named("url", kString, true), named("patch", kString, true),
}

// schemaMarkers are the validation markers that go on fields and types,
// also usable for list items with the items: prefix.
var schemaMarkers = []struct {
	name string
	args []arg
	help string
}{
	{"Maximum", []arg{whole(kNumber)}, "the largest value allowed"},
	{"Minimum", []arg{whole(kNumber)}, "the smallest value allowed"},
	{"ExclusiveMaximum", []arg{value(kBool)}, "the maximum itself is not allowed"},
	{"ExclusiveMinimum", []arg{value(kBool)}, "the minimum itself is not allowed"},
	{"MultipleOf", []arg{value(kNumber)}, "the value must be a multiple of this"},
	{"MinProperties", []arg{value(kInt)}, "the fewest keys an object may have"},
	{"MaxProperties", []arg{value(kInt)}, "the most keys an object may have"},
	{"MaxLength", []arg{value(kInt)}, "the longest a string may be"},
	{"MinLength", []arg{value(kInt)}, "the shortest a string may be"},
	{"Pattern", []arg{value(kString)}, "a regular expression strings must match"},
	{"MaxItems", []arg{whole(kInt)}, "the most items a list may have"},
	{"MinItems", []arg{value(kInt)}, "the fewest items a list may have"},
	{"UniqueItems", []arg{value(kBool)}, "list items must differ"},
	{"Enum", []arg{value(kAnyList)}, "the allowed values, separated by ;"},
	{"Format", []arg{value(kString)}, "the OpenAPI format"},
	{"Type", []arg{value(kString)}, "overrides the OpenAPI type"},
	{"XPreserveUnknownFields", nil, "keep fields the schema does not name"},
	{"XEmbeddedResource", nil, "the value is an embedded Kubernetes object"},
	{"XIntOrString", nil, "the value is an integer or a string"},
	{"XValidation", []arg{named("rule", kString, false), named("message", kString, true), named("messageExpression", kString, true),
		named("reason", kString, true), named("fieldPath", kString, true), arg{name: "optionalOldSelf", kind: kBool, optional: true, pointer: true}}, "a CEL validation rule"},
}

// The markers this package reads by name. definitions lists them among
// the others.
var (
	validationRequired = argsDef(validation+"Required", markers.Field|markers.Package, "the field is required (on a package: every field is)")
	validationOptional = argsDef(validation+"Optional", markers.Field|markers.Package, "the field is optional (on a package: every field is)")
	schemaless         = argsDef(validation+"Schemaless", markers.Field, "no schema is generated for the field")
	exactlyOneOf       = argsDef(validation+"ExactlyOneOf", markers.Type, "exactly one of these fields must be set", value(kStrings))
	atMostOneOf        = argsDef(validation+"AtMostOneOf", markers.Type, "at most one of these fields may be set", value(kStrings))
	atLeastOneOf       = argsDef(validation+"AtLeastOneOf", markers.Type, "at least one of these fields must be set", value(kStrings))
	printColumn        = argsDef("kubebuilder:printcolumn", markers.Type, "an additional printer column",
		named("name", kString, false), named("type", kString, false), named("JSONPath", kString, false),
		named("description", kString, true), named("format", kString, true), named("priority", kInt, true))
	skipVersion    = argsDef("kubebuilder:skipversion", markers.Type, "leave this version out of the CRD")
	skipPackage    = argsDef("kubebuilder:skip", markers.Package, "the package is no API version")
	objectRoot     = argsDef("kubebuilder:object:root", markers.Type, "the type is a root object (object generator)", value(kBool))
	objectGenerate = argsDef("kubebuilder:object:generate", markers.Package|markers.Type, "generate DeepCopy (object generator)", value(kBool))
	rbacRule       = argsDef("kubebuilder:rbac", markers.Package, "an RBAC rule (rbac generator)", rbacArgs...)
	webhook        = argsDef("kubebuilder:webhook", markers.Package, "an admission webhook (webhook generator)", webhookArgs...)
	webhookConfig  = argsDef("kubebuilder:webhookconfiguration", markers.Package, "names a webhook configuration (webhook generator)",
		named("mutating", kBool, false), named("name", kString, true))
)

// definitions are made once, so that every generator of this package
// defines the very same ones.
var definitions = sync.OnceValue(makeDefinitions)

func makeDefinitions() []*markers.Definition {
	var out []*markers.Definition
	for _, m := range schemaMarkers {
		out = append(out,
			def(validation+m.name, fieldOrTyp, "CRD validation: "+m.help, m.args...),
			def(itemsPref+m.name, fieldOrTyp, "CRD validation of list items: "+m.help, m.args...))
	}
	any := arg{kind: kAny}
	out = append(out,
		validationRequired.Definition,
		validationOptional.Definition,
		def(validation+"EmbeddedResource", markers.Field, "the value is an embedded Kubernetes object"),
		schemaless.Definition,
		exactlyOneOf.Definition,
		atMostOneOf.Definition,
		atLeastOneOf.Definition,
		def("kubebuilder:default", markers.Field, "the default value, in controller-gen's value syntax", any),
		def("kubebuilder:example", markers.Field, "an example value", any),
		def("kubebuilder:title", fieldOrTyp, "the schema's title", any),
		def("kubebuilder:pruning:PreserveUnknownFields", fieldOrTyp, "keep fields the schema does not name"),
		def("kubebuilder:externalDocs", fieldOrTyp, "a link to more documentation", named("url", kString, false), named("description", kString, true)),
		def("kubebuilder:subresource:status", markers.Type, "the CRD has a status subresource"),
		def("kubebuilder:subresource:scale", markers.Type, "the CRD has a scale subresource",
			named("specpath", kString, false), named("statuspath", kString, false), arg{name: "selectorpath", kind: kString, optional: true, pointer: true}),
		printColumn.Definition,
		def("kubebuilder:resource", markers.Type, "the resource's names and scope",
			named("path", kString, true), named("shortName", kStrings, true), named("categories", kStrings, true),
			named("singular", kString, true), named("scope", kString, true)),
		def("kubebuilder:storageversion", markers.Type, "this version is the storage version"),
		skipVersion.Definition,
		def("kubebuilder:unservedversion", markers.Type, "this version is not served"),
		def("kubebuilder:deprecatedversion", markers.Type, "this version is deprecated", arg{name: "warning", kind: kString, optional: true, pointer: true}),
		def("kubebuilder:metadata", markers.Type, "annotations and labels of the CRD", named("annotations", kStrings, true), named("labels", kStrings, true)),
		def("kubebuilder:selectablefield", markers.Type, "a field the API server can select on", named("JSONPath", kString, false)),
		skipPackage.Definition,
		// Markers of controller-gen's other generators, read by none here.
		objectRoot.Definition,
		objectGenerate.Definition,
		// controller-gen has no such marker; it is read, as nothing, so
		// that it is no unknown marker.
		markers.Typed[string](&markers.Definition{Name: "kubebuilder:skipclient", Place: markers.Type, Args: true, Repeatable: true, Value: markers.Text{}, Help: "no client is generated"}).Definition,
		rbacRule.Definition,
		webhook.Definition,
		webhookConfig.Definition,
		def("kubebuilder:ac:generate", markers.Package|markers.Type, "apply configurations (applyconfiguration generator)", value(kBool)),
		def("kubebuilder:ac:output:package", markers.Package, "apply configurations package", value(kString)),
	)
	return out
}

// shared are markers outside the kubebuilder: name space that controller-gen
// reads. Other generators define some of the same names with their own
// grammars in the run's registry; this package's registry reads them as
// controller-gen does.
var shared = []*markers.Definition{
	groupName.Definition,
	versionName.Definition,
	def("nullable", markers.Field, "the field may be null"),
	optionalField.Definition,
	requiredField.Definition,
	plainDef("listType", fieldOrTyp, "how server-side apply merges the list: atomic, set or map", value(kString)).Definition,
	plainDef("listMapKey", fieldOrTyp, "with +listType=map: a key field of the items (repeatable)", value(kString)).Definition,
	plainDef("mapType", fieldOrTyp, "how server-side apply merges the map: atomic or granular", value(kString)).Definition,
	plainDef("structType", fieldOrTyp, "how server-side apply merges the struct: atomic or granular", value(kString)).Definition,
	markers.Typed[markers.DefaultValue](&markers.Definition{Name: "default", Place: markers.Field, Args: true, Repeatable: true, Value: kubeDefault{},
		Help: "the default value, as JSON; ref(...) is passed over"}).Definition,
}

// The shared markers this package reads by name.
var (
	groupName     = plainDef("groupName", markers.Package, "the API group of the package's types; the first counts if given again", arg{kind: kString, optional: true})
	versionName   = argsDef("versionName", markers.Package, "the version of the package's API, when it is not the package name", value(kString))
	optionalField = argsDef("optional", markers.Field, "the field may be omitted")
	requiredField = argsDef("required", markers.Field, "the field must be given")
)

// plain is a grammar of one unnamed value that Parse returns bare, not in
// a map, as this package reads these markers: always a string, for the
// kinds plainDef is given.
type plain struct{ grammar }

func (p plain) Parse(text string) (any, error) {
	v, err := p.grammar.Parse(text)
	if err != nil {
		return nil, err
	}
	if s, ok := v.(map[string]any)[""]; ok {
		return s, nil
	}
	return "", nil
}

// plainDef declares a marker of one unnamed string (or raw) value.
func plainDef(name string, place markers.Place, help string, a arg) markers.Def[string] {
	return markers.Typed[string](&markers.Definition{
		Name: name, Place: place, Args: true, Repeatable: true,
		Value: plain{grammar{name: name, args: []arg{a}}}, Help: help,
	})
}

// kubeDefault reads +default as controller-gen does: all the text after
// the first "=" is JSON, or ref(...), which controller-gen passes over.
// Parse returns a markers.DefaultValue.
type kubeDefault struct{}

func (kubeDefault) Parse(text string) (any, error) {
	_, rest, _ := strings.Cut(strings.TrimSpace(text), "=")
	if ref, ok := strings.CutPrefix(strings.TrimSpace(rest), "ref("); ok {
		return markers.DefaultValue{Raw: rest, Ref: &types.Name{Name: strings.TrimSuffix(ref, ")")}}, nil
	}
	var v any
	if err := json.Unmarshal([]byte(rest), &v); err != nil {
		return nil, err
	}
	return markers.DefaultValue{Raw: rest, JSON: v}, nil
}

func (kubeDefault) String() string { return "JSON|ref(Name)" }
