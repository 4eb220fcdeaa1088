package crd

import (
	"fmt"
	"strings"
	"sync"

	"github.com/apigen-dev/apigen/markers"
)

// grammar parses a marker in controller-gen's syntax: the whole text after
// "+", name, then ":arg=value,..." or "=value". Parse returns map[string]any
// keyed by argument name, "" for the single unnamed value.
type grammar struct {
	name string
	args []arg
}

func (g grammar) Parse(text string) (any, error) {
	head, fields, hasValue := strings.Cut(text, "=")
	named := len(g.args) > 0 && !(len(g.args) == 1 && g.args[0].name == "")
	if named && len(head) > len(g.name)+1 {
		fields = head[len(g.name)+1:] + "=" + fields
	} else if len(head) > len(g.name) && !named {
		return nil, fmt.Errorf("unknown argument %q", head[len(g.name)+1:])
	}
	if len(g.args) == 0 {
		if hasValue && fields != "" {
			return nil, fmt.Errorf("takes no value")
		}
		return map[string]any{}, nil
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
	return &markers.Definition{
		Name: name, Place: place, Args: true, Repeatable: true,
		Value: grammar{name: name, args: args}, Help: help,
	}
}

func value(k kind) arg { return arg{kind: k} }

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
	{"Maximum", []arg{value(kNumber)}, "the largest value allowed"},
	{"Minimum", []arg{value(kNumber)}, "the smallest value allowed"},
	{"ExclusiveMaximum", []arg{value(kBool)}, "the maximum itself is not allowed"},
	{"ExclusiveMinimum", []arg{value(kBool)}, "the minimum itself is not allowed"},
	{"MultipleOf", []arg{value(kNumber)}, "the value must be a multiple of this"},
	{"MinProperties", []arg{value(kInt)}, "the fewest keys an object may have"},
	{"MaxProperties", []arg{value(kInt)}, "the most keys an object may have"},
	{"MaxLength", []arg{value(kInt)}, "the longest a string may be"},
	{"MinLength", []arg{value(kInt)}, "the shortest a string may be"},
	{"Pattern", []arg{value(kString)}, "a regular expression strings must match"},
	{"MaxItems", []arg{value(kInt)}, "the most items a list may have"},
	{"MinItems", []arg{value(kInt)}, "the fewest items a list may have"},
	{"UniqueItems", []arg{value(kBool)}, "list items must differ"},
	{"Enum", []arg{value(kAnyList)}, "the allowed values, separated by ;"},
	{"Format", []arg{value(kString)}, "the OpenAPI format"},
	{"Type", []arg{value(kString)}, "overrides the OpenAPI type"},
	{"XPreserveUnknownFields", nil, "keep fields the schema does not name"},
	{"XEmbeddedResource", nil, "the value is an embedded Kubernetes object"},
	{"XIntOrString", nil, "the value is an integer or a string"},
	{"XValidation", []arg{named("rule", kString, false), named("message", kString, true), named("messageExpression", kString, true),
		named("reason", kString, true), named("fieldPath", kString, true), named("optionalOldSelf", kBool, true)}, "a CEL validation rule"},
}

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
	strs := value(kStrings)
	any := arg{kind: kAny}
	out = append(out,
		def(validation+"Required", markers.Field|markers.Package, "the field is required (on a package: every field is)"),
		def(validation+"Optional", markers.Field|markers.Package, "the field is optional (on a package: every field is)"),
		def(validation+"EmbeddedResource", markers.Field, "the value is an embedded Kubernetes object"),
		def(validation+"Schemaless", markers.Field, "no schema is generated for the field"),
		def(validation+"ExactlyOneOf", markers.Type, "exactly one of these fields must be set", strs),
		def(validation+"AtMostOneOf", markers.Type, "at most one of these fields may be set", strs),
		def(validation+"AtLeastOneOf", markers.Type, "at least one of these fields must be set", strs),
		def("kubebuilder:default", markers.Field, "the default value, in controller-gen's value syntax", any),
		def("kubebuilder:example", markers.Field, "an example value", any),
		def("kubebuilder:title", fieldOrTyp, "the schema's title", any),
		def("kubebuilder:pruning:PreserveUnknownFields", fieldOrTyp, "keep fields the schema does not name"),
		def("kubebuilder:externalDocs", fieldOrTyp, "a link to more documentation", named("url", kString, false), named("description", kString, true)),
		def("kubebuilder:subresource:status", markers.Type, "the CRD has a status subresource"),
		def("kubebuilder:subresource:scale", markers.Type, "the CRD has a scale subresource",
			named("specpath", kString, false), named("statuspath", kString, false), arg{name: "selectorpath", kind: kString, optional: true}),
		def("kubebuilder:printcolumn", markers.Type, "an additional printer column",
			named("name", kString, false), named("type", kString, false), named("JSONPath", kString, false),
			named("description", kString, true), named("format", kString, true), named("priority", kInt, true)),
		def("kubebuilder:resource", markers.Type, "the resource's names and scope",
			named("path", kString, true), named("shortName", kStrings, true), named("categories", kStrings, true),
			named("singular", kString, true), named("scope", kString, true)),
		def("kubebuilder:storageversion", markers.Type, "this version is the storage version"),
		def("kubebuilder:skipversion", markers.Type, "leave this version out of the CRD"),
		def("kubebuilder:unservedversion", markers.Type, "this version is not served"),
		def("kubebuilder:deprecatedversion", markers.Type, "this version is deprecated", named("warning", kString, true)),
		def("kubebuilder:metadata", markers.Type, "annotations and labels of the CRD", named("annotations", kStrings, true), named("labels", kStrings, true)),
		def("kubebuilder:selectablefield", markers.Type, "a field the API server can select on", named("JSONPath", kString, false)),
		def("kubebuilder:skip", markers.Package, "the package is no API version"),
		// Markers of controller-gen's other generators, read by none here.
		def("kubebuilder:object:root", markers.Type, "the type is a root object (object generator)", value(kBool)),
		def("kubebuilder:object:generate", markers.Package|markers.Type, "generate DeepCopy (object generator)", value(kBool)),
		def("kubebuilder:skipclient", markers.Type, "no client is generated", any),
		def("kubebuilder:rbac", markers.Package, "an RBAC rule (rbac generator)", rbacArgs...),
		def("kubebuilder:webhook", markers.Package, "an admission webhook (webhook generator)", webhookArgs...),
		def("kubebuilder:webhookconfiguration", markers.Package, "names a webhook configuration (webhook generator)",
			named("mutating", kBool, false), named("name", kString, true)),
		def("kubebuilder:ac:generate", markers.Package|markers.Type, "apply configurations (applyconfiguration generator)", value(kBool)),
		def("kubebuilder:ac:output:package", markers.Package, "apply configurations package", value(kString)),
	)
	return out
}

// shared are markers outside the kubebuilder: name space that controller-gen
// reads. Those that other generators read too are package markers' own
// definitions, so each has one.
var shared = []*markers.Definition{
	markers.GroupName,
	def("versionName", markers.Package, "the version of the package's API, when it is not the package name", value(kString)),
	def("nullable", markers.Field, "the field may be null"),
	markers.Optional,
	markers.Required,
	markers.ListType,
	markers.ListMapKey,
	markers.MapType,
	markers.StructType,
	markers.Default,
}
