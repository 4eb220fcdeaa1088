package crd

import (
	"encoding/json"
	"strings"
	"sync"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/markers"
)

// def declares a marker read with controller-gen's syntax.
func def(name string, place markers.Place, help string, args ...markers.Arg) *markers.Definition {
	return argsDef(name, place, help, args...).Definition
}

// argsDef is def typed, for a marker read by name.
func argsDef(name string, place markers.Place, help string, args ...markers.Arg) markers.Def[map[string]any] {
	return markers.KubebuilderArgs(name, place, help, args...)
}

const (
	validation = "kubebuilder:validation:"
	itemsPref  = validation + "items:"
	fieldOrTyp = markers.Field | markers.Type
)

// rbacArgs are the arguments of +kubebuilder:rbac.
var rbacArgs = []markers.Arg{
	markers.Named("groups", markers.ArgStrings, true), markers.Named("resources", markers.ArgStrings, true), markers.Named("resourceNames", markers.ArgStrings, true),
	markers.Named("verbs", markers.ArgStrings, false), markers.Named("urls", markers.ArgStrings, true), markers.Named("namespace", markers.ArgString, true),
	markers.Named("roleName", markers.ArgString, true),
}

// webhookArgs are the arguments of +kubebuilder:webhook.
var webhookArgs = []markers.Arg{
	markers.Named("mutating", markers.ArgBool, false), markers.Named("failurePolicy", markers.ArgString, false), markers.Named("matchPolicy", markers.ArgString, true),
	markers.Named("sideEffects", markers.ArgString, true), markers.Named("timeoutSeconds", markers.ArgInt, true),
	markers.Named("groups", markers.ArgStrings, false), markers.Named("resources", markers.ArgStrings, false), markers.Named("verbs", markers.ArgStrings, false),
	markers.Named("versions", markers.ArgStrings, false), markers.Named("name", markers.ArgString, false),
	markers.Named("serviceName", markers.ArgString, true), markers.Named("serviceNamespace", markers.ArgString, true), markers.Named("path", markers.ArgString, true),
	markers.Arg{Name: "servicePort", Kind: markers.ArgInt, Optional: true, Pointer: true},
	markers.Named("webhookVersions", markers.ArgStrings, true), markers.Named("admissionReviewVersions", markers.ArgStrings, false),
	markers.Named("reinvocationPolicy", markers.ArgString, true), markers.Named("url", markers.ArgString, true), markers.Named("patch", markers.ArgString, true),
}

// The markers this package reads by name. definitions lists them among
// the others.
var (
	validationRequired = argsDef(validation+"Required", markers.Field|markers.Package, "the field is required (on a package: every field is)")
	validationOptional = argsDef(validation+"Optional", markers.Field|markers.Package, "the field is optional (on a package: every field is)")
	schemaless         = argsDef(validation+"Schemaless", markers.Field, "no schema is generated for the field")
	exactlyOneOf       = argsDef(validation+"ExactlyOneOf", markers.Type, "exactly one of these fields must be set", markers.Value(markers.ArgStrings))
	atMostOneOf        = argsDef(validation+"AtMostOneOf", markers.Type, "at most one of these fields may be set", markers.Value(markers.ArgStrings))
	atLeastOneOf       = argsDef(validation+"AtLeastOneOf", markers.Type, "at least one of these fields must be set", markers.Value(markers.ArgStrings))
	printColumn        = argsDef("kubebuilder:printcolumn", markers.Type, "an additional printer column",
		markers.Named("name", markers.ArgString, false), markers.Named("type", markers.ArgString, false), markers.Named("JSONPath", markers.ArgString, false),
		markers.Named("description", markers.ArgString, true), markers.Named("format", markers.ArgString, true), markers.Named("priority", markers.ArgInt, true))
	skipVersion    = argsDef("kubebuilder:skipversion", markers.Type, "leave this version out of the CRD")
	skipPackage    = argsDef("kubebuilder:skip", markers.Package, "the package is no API version")
	objectRoot     = markers.ObjectRoot
	objectGenerate = argsDef("kubebuilder:object:generate", markers.Package|markers.Type, "generate DeepCopy (object generator)", markers.Value(markers.ArgBool))
	rbacRule       = argsDef("kubebuilder:rbac", markers.Package, "an RBAC rule (rbac generator)", rbacArgs...)
	webhook        = argsDef("kubebuilder:webhook", markers.Package, "an admission webhook (webhook generator)", webhookArgs...)
	webhookConfig  = argsDef("kubebuilder:webhookconfiguration", markers.Package, "names a webhook configuration (webhook generator)",
		markers.Named("mutating", markers.ArgBool, false), markers.Named("name", markers.ArgString, true))
)

// definitions are made once, so that every generator of this package
// defines the very same ones.
var definitions = sync.OnceValue(makeDefinitions)

func makeDefinitions() []*markers.Definition {
	var out []*markers.Definition
	for _, m := range markers.SchemaValidation {
		out = append(out,
			def(validation+m.Key, fieldOrTyp, "CRD validation: "+m.Help, m.Args...),
			def(itemsPref+m.Key, fieldOrTyp, "CRD validation of list items: "+m.Help, m.Args...))
	}
	any := markers.Arg{Kind: markers.ArgAny}
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
		def("kubebuilder:externalDocs", fieldOrTyp, "a link to more documentation", markers.Named("url", markers.ArgString, false), markers.Named("description", markers.ArgString, true)),
		def("kubebuilder:subresource:status", markers.Type, "the CRD has a status subresource"),
		def("kubebuilder:subresource:scale", markers.Type, "the CRD has a scale subresource",
			markers.Named("specpath", markers.ArgString, false), markers.Named("statuspath", markers.ArgString, false), markers.Arg{Name: "selectorpath", Kind: markers.ArgString, Optional: true, Pointer: true}),
		printColumn.Definition,
		def("kubebuilder:resource", markers.Type, "the resource's names and scope",
			markers.Named("path", markers.ArgString, true), markers.Named("shortName", markers.ArgStrings, true), markers.Named("categories", markers.ArgStrings, true),
			markers.Named("singular", markers.ArgString, true), markers.Named("scope", markers.ArgString, true)),
		markers.StorageVersion.Definition,
		skipVersion.Definition,
		def("kubebuilder:unservedversion", markers.Type, "this version is not served"),
		def("kubebuilder:deprecatedversion", markers.Type, "this version is deprecated", markers.Arg{Name: "warning", Kind: markers.ArgString, Optional: true, Pointer: true}),
		def("kubebuilder:metadata", markers.Type, "annotations and labels of the CRD", markers.Named("annotations", markers.ArgStrings, true), markers.Named("labels", markers.ArgStrings, true)),
		def("kubebuilder:selectablefield", markers.Type, "a field the API server can select on", markers.Named("JSONPath", markers.ArgString, false)),
		skipPackage.Definition,
		// Markers of controller-gen's other generators, read by none here.
		objectRoot.Definition,
		objectGenerate.Definition,
		// controller-gen has no such marker; it is read, as nothing, so
		// that it is no unknown marker.
		markers.Typed[string](&markers.Definition{Name: "kubebuilder:skipclient", Place: markers.Type, Args: true, Repeatable: true, Value: markers.Text{}, Help: "no client is generated"}).Definition,
		rbacRule.Definition,
		webhook.Definition,
		hubspoke.Webhook.Definition,
		webhookConfig.Definition,
		def("kubebuilder:ac:generate", markers.Package|markers.Type, "apply configurations (applyconfiguration generator)", markers.Value(markers.ArgBool)),
		def("kubebuilder:ac:output:package", markers.Package, "apply configurations package", markers.Value(markers.ArgString)),
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
	plainDef("listType", fieldOrTyp, "how server-side apply merges the list: atomic, set or map", markers.Value(markers.ArgString)).Definition,
	plainDef("listMapKey", fieldOrTyp, "with +listType=map: a key field of the items (repeatable)", markers.Value(markers.ArgString)).Definition,
	plainDef("mapType", fieldOrTyp, "how server-side apply merges the map: atomic or granular", markers.Value(markers.ArgString)).Definition,
	plainDef("structType", fieldOrTyp, "how server-side apply merges the struct: atomic or granular", markers.Value(markers.ArgString)).Definition,
	markers.Typed[markers.DefaultValue](&markers.Definition{Name: "default", Place: markers.Field, Args: true, Repeatable: true, Value: kubeDefault{},
		Help: "the default value, as JSON; ref(...) is passed over"}).Definition,
}

// The shared markers this package reads by name.
var (
	groupName     = plainDef("groupName", markers.Package, "the API group of the package's types; the first counts if given again", markers.Arg{Kind: markers.ArgString, Optional: true})
	versionName   = argsDef("versionName", markers.Package, "the version of the package's API, when it is not the package name", markers.Value(markers.ArgString))
	optionalField = argsDef("optional", markers.Field, "the field may be omitted")
	requiredField = argsDef("required", markers.Field, "the field must be given")
)

// plain is a grammar of one unnamed value that Parse returns bare, not in
// a map, as this package reads these markers: always a string, for the
// kinds plainDef is given.
type plain struct{ markers.ArgGrammar }

func (p plain) Parse(text string) (any, error) {
	v, err := p.ArgGrammar.Parse(text)
	if err != nil {
		return nil, err
	}
	if s, ok := v.(map[string]any)[""]; ok {
		return s, nil
	}
	return "", nil
}

// plainDef declares a marker of one unnamed string (or raw) value.
func plainDef(name string, place markers.Place, help string, a markers.Arg) markers.Def[string] {
	return markers.Typed[string](&markers.Definition{
		Name: name, Place: place, Args: true, Repeatable: true,
		Value: plain{markers.ArgGrammar{Name: name, Args: []markers.Arg{a}}}, Help: help,
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
