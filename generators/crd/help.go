package crd

import (
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

// HelpRow is one line of marker help: how the marker is written, where it
// goes (package, type or field) and what it does, and its arguments.
type HelpRow struct {
	Name, Syntax, Target, Summary string
	Args                          []HelpArg
}

// HelpCategory is a titled group of HelpRows.
type HelpCategory struct {
	Name string
	Rows []HelpRow
}

// MarkerHelp lists the markers the named generators (crd, rbac, webhook,
// object, schemapatch) read, grouped and ordered as controller-gen's -w
// output groups and orders them: groups by title, markers by name
// descending.
func MarkerHelp(generators []string) []HelpCategory {
	if slices.Contains(generators, "schemapatch") {
		generators = append(slices.Clip(generators), "crd") // it reads crd's markers
	}
	byCat := map[string][]HelpRow{}
	var defs []*markers.Definition
	defs = append(defs, definitions()...)
	defs = append(defs, shared...)
	defs = append(defs, k8sMarkers...)
	defs = append(defs, legacyDeepCopy...)
	slices.SortStableFunc(defs, func(a, b *markers.Definition) int { return strings.Compare(b.Name, a.Name) })
	for _, d := range defs {
		cat := helpCategory(d.Name)
		if strings.HasPrefix(d.Help, "not allowed") && slices.Contains(generators, categoryOwner[cat]) {
			cat = "" // listed by -wwww only, as upstream does
		} else if cat == "" || !slices.Contains(generators, categoryOwner[cat]) {
			continue
		}
		for _, place := range []markers.Place{markers.Package, markers.Type, markers.Field} {
			if d.Place&place != 0 && !(d.Name == "default" && place != markers.Field) {
				byCat[cat] = append(byCat[cat], HelpRow{Name: d.Name, Syntax: Syntax(d), Target: placeName[place], Summary: summary(d), Args: helpArgRows(d)})
			}
		}
	}
	var out []HelpCategory
	for name, rows := range byCat {
		out = append(out, HelpCategory{name, rows})
	}
	slices.SortFunc(out, func(a, b HelpCategory) int { return strings.Compare(a.Name, b.Name) })
	return out
}

var placeName = map[markers.Place]string{markers.Package: "package", markers.Type: "type", markers.Field: "field"}

// categoryOwner is the generator whose markers a category lists.
var categoryOwner = map[string]string{
	"CRD": "crd", "CRD processing": "crd", "CRD validation": "crd",
	"RBAC": "rbac", "Webhook": "webhook", "object": "object",
}

// helpCategory files a marker under controller-gen's help titles; ""
// leaves it out (markers of generators this tool does not have).
func helpCategory(name string) string {
	switch {
	case name == "kubebuilder:rbac":
		return "RBAC"
	case strings.HasPrefix(name, "kubebuilder:webhook"):
		return "Webhook"
	case strings.HasPrefix(name, "kubebuilder:object:"), strings.HasPrefix(name, "k8s:deepcopy-gen"):
		return "object"
	case strings.HasPrefix(name, "kubebuilder:ac:"), name == "kubebuilder:skipclient",
		strings.HasPrefix(name, "apigen:"): // none of controller-gen's; apigen markers lists them
		return ""
	case strings.HasSuffix(name, "PreserveUnknownFields"),
		slices.Contains([]string{"structType", "mapType", "listType", "listMapKey", "k8s:listType", "k8s:listMapKey"}, name):
		return "CRD processing"
	case strings.HasPrefix(name, "kubebuilder:validation:"), slices.Contains([]string{"required", "optional", "nullable",
		"kubebuilder:title", "kubebuilder:example", "kubebuilder:default", "default"}, name),
		strings.HasPrefix(name, "k8s:") && name != "k8s:enum":
		return "CRD validation"
	}
	return "CRD"
}

// helpType names an argument's type as controller-gen's help does.
var helpType = map[markers.ArgKind]string{
	markers.ArgString: "string", markers.ArgInt: "int", markers.ArgNumber: "", markers.ArgBool: "bool", markers.ArgStrings: "[]string",
	markers.ArgAnyList: "[]any", markers.ArgAny: "any", markers.ArgRaw: "raw",
}

// Syntax is how a marker is written: +name, +name=<type>, or
// +name:arg=<type>,... with optional arguments in brackets, sorted by name.
func Syntax(d *markers.Definition) string { return ArgsSyntax(d.Name, helpArgRows(d)) }

// ArgsSyntax is how a marker or option with these arguments is written.
func ArgsSyntax(name string, args []HelpArg) string {
	var b strings.Builder
	b.WriteString("+" + name)
	sep := ":"
	for _, a := range args {
		part := sep + a.Syntax()
		if a.Name == "" {
			part = strings.TrimPrefix(a.Syntax(), "[")
			if a.Optional {
				part = "[" + part
			}
		} else if a.Optional {
			part = "[" + sep + strings.TrimPrefix(a.Syntax(), "[")
		}
		b.WriteString(part)
		sep = ","
	}
	return b.String()
}

// helpArgs returns a definition's arguments, for the few that are not
// read with this package's grammar as well.
func helpArgs(d *markers.Definition) []markers.Arg {
	if args, ok := ownArgs(d.Value); ok {
		return slices.Clone(args)
	}
	switch d.Name {
	case "groupName":
		return []markers.Arg{{Kind: markers.ArgString, Optional: true}}
	case "listType", "listMapKey", "mapType", "structType":
		return []markers.Arg{{Kind: markers.ArgString}}
	case "default":
		return []markers.Arg{{Name: "value", Kind: markers.ArgAny}}
	case "k8s:deepcopy-gen:interfaces":
		return []markers.Arg{{Kind: markers.ArgString}}
	case "k8s:deepcopy-gen":
		return []markers.Arg{{Kind: markers.ArgRaw}}
	}
	return nil
}

// ownArgs returns the arguments of g when it is controller-gen's grammar.
func ownArgs(g markers.Grammar) ([]markers.Arg, bool) {
	own, ok := g.(markers.ArgGrammar)
	return own.Args, ok
}

func argType(marker string, a markers.Arg) string {
	switch marker {
	case "k8s:maxItems":
		return "int"
	case "k8s:minimum", "k8s:maximum":
		return ""
	}
	return helpType[a.Kind]
}

// summary is a definition's help, with words for the deepcopy-gen markers
// that carry none.
func summary(d *markers.Definition) string {
	switch {
	case d.Help != "":
		return d.Help
	case d.Name == "k8s:deepcopy-gen":
		return "deepcopy-gen's switch: package, true or false (object generator)"
	case d.Name == "k8s:deepcopy-gen:interfaces":
		return "an interface the type's DeepCopy<Interface> returns (object generator)"
	}
	return ""
}

// HelpArg is one argument of a marker, for detailed help.
type HelpArg struct {
	Name     string // "" for a marker's single value
	Type     string // string, int, bool, slice, any, raw, or "" for a number
	ItemType string // a slice's element type
	Optional bool
	Help     string
}

// Syntax is how the argument is written: name=<type>, in brackets when
// optional.
func (a HelpArg) Syntax() string {
	t := a.Type
	if t == "slice" {
		t = "[]" + a.ItemType
	}
	s := a.Name + "=<" + t + ">"
	if a.Optional {
		s = "[" + s + "]"
	}
	return s
}

// helpArgRows describes d's arguments, sorted by name.
func helpArgRows(d *markers.Definition) []HelpArg {
	args := helpArgs(d)
	slices.SortStableFunc(args, func(a, b markers.Arg) int { return strings.Compare(a.Name, b.Name) })
	var out []HelpArg
	for _, a := range args {
		h := HelpArg{Name: a.Name, Type: argType(d.Name, a), Optional: a.Optional, Help: argHelp[strings.Replace(d.Name, itemsPref, validation, 1)+"."+a.Name]}
		if t, ok := strings.CutPrefix(h.Type, "[]"); ok {
			h.Type, h.ItemType = "slice", t
		}
		out = append(out, h)
	}
	return out
}

// argHelp says what each named argument of a marker does, keyed
// marker.argument.
var argHelp = map[string]string{
	"default.value": "the default, as JSON; it must be a valid value of the field's type.",

	"kubebuilder:rbac.groups":        "the API groups the rule covers; \"\" is the core group.",
	"kubebuilder:rbac.namespace":     "puts the rule in a Role of this namespace instead of the ClusterRole.",
	"kubebuilder:rbac.resourceNames": "the names of the objects the rule covers; create cannot be limited by name.",
	"kubebuilder:rbac.resources":     "the resources the rule covers, subresources as resource/subresource.",
	"kubebuilder:rbac.roleName":      "the Role or ClusterRole the rule goes into, instead of the generator's roleName.",
	"kubebuilder:rbac.urls":          "the non-resource URLs the rule covers, such as /metrics.",
	"kubebuilder:rbac.verbs":         "the lowercase API verbs the rule allows, or *.",

	"kubebuilder:webhook.admissionReviewVersions": "the AdmissionReview versions the webhook understands, preferred first.",
	"kubebuilder:webhook.failurePolicy":           "what the API server does when the call fails: Fail or Ignore.",
	"kubebuilder:webhook.groups":                  "the API groups of the requests sent to the webhook.",
	"kubebuilder:webhook.matchPolicy":             "Exact, or Equivalent to match requests through other versions of a resource too.",
	"kubebuilder:webhook.mutating":                "true for a mutating webhook, false for a validating one.",
	"kubebuilder:webhook.name":                    "the webhook's name, a domain name.",
	"kubebuilder:webhook.path":                    "the URL path the service serves the webhook at.",
	"kubebuilder:webhook.reinvocationPolicy":      "Never, or IfNeeded to call a mutating webhook again after other mutations.",
	"kubebuilder:webhook.resources":               "the resources of the requests sent to the webhook.",
	"kubebuilder:webhook.serviceName":             "the service that serves the webhook, instead of the default.",
	"kubebuilder:webhook.serviceNamespace":        "the namespace of that service.",
	"kubebuilder:webhook.servicePort":             "the port of that service.",
	"kubebuilder:webhook.sideEffects":             "None or NoneOnDryRun: whether a call changes anything besides the object.",
	"kubebuilder:webhook.timeoutSeconds":          "how long the API server waits for the webhook, 1 to 30 seconds.",
	"kubebuilder:webhook.url":                     "a URL to call instead of a service.",
	"kubebuilder:webhook.verbs":                   "the operations sent to the webhook: create, update, delete, connect or *.",
	"kubebuilder:webhook.versions":                "the API versions of the requests sent to the webhook.",
	"kubebuilder:webhook.webhookVersions":         "the admissionregistration versions to write the configuration as.",
	"kubebuilder:webhook.patch":                   "a strategic merge patch applied to the generated webhook entry.",

	"kubebuilder:webhookconfiguration.mutating": "true for the mutating configuration, false for the validating one.",
	"kubebuilder:webhookconfiguration.name":     "the name of the configuration object.",

	"kubebuilder:externalDocs.description": "a few words about the linked documentation.",
	"kubebuilder:externalDocs.url":         "where the documentation is.",

	"kubebuilder:subresource:scale.selectorpath": "the JSONPath of the label selector in the status, for the scale's selector.",
	"kubebuilder:subresource:scale.specpath":     "the JSONPath of the desired replica count in the spec.",
	"kubebuilder:subresource:scale.statuspath":   "the JSONPath of the observed replica count in the status.",

	"kubebuilder:printcolumn.JSONPath":    "the JSONPath that picks the column's value from each object.",
	"kubebuilder:printcolumn.description": "what the column shows.",
	"kubebuilder:printcolumn.format":      "the OpenAPI format of the value, such as date-time.",
	"kubebuilder:printcolumn.name":        "the column's heading.",
	"kubebuilder:printcolumn.priority":    "0 to show the column always, higher to show it only with -o wide.",
	"kubebuilder:printcolumn.type":        "the OpenAPI type of the value: integer, number, string, boolean or date.",

	"kubebuilder:resource.categories": "the groupings, such as all, that the resource belongs to.",
	"kubebuilder:resource.path":       "the plural resource name, when the default is wrong.",
	"kubebuilder:resource.scope":      "Namespaced or Cluster.",
	"kubebuilder:resource.shortName":  "short names kubectl accepts for the resource.",
	"kubebuilder:resource.singular":   "the singular name, when the default is wrong.",

	"kubebuilder:deprecatedversion.warning": "the warning clients get, instead of the default one.",

	"kubebuilder:metadata.annotations": "key=value annotations put on the CRD.",
	"kubebuilder:metadata.labels":      "key=value labels put on the CRD.",

	"kubebuilder:selectablefield.JSONPath": "the JSONPath of the field, which must be a string, integer or boolean.",

	// Also for kubebuilder:validation:items:XValidation.
	"kubebuilder:validation:XValidation.fieldPath":         "the JSONPath of the field an error is reported at.",
	"kubebuilder:validation:XValidation.message":           "the error message when the rule fails.",
	"kubebuilder:validation:XValidation.messageExpression": "a CEL expression that makes the error message.",
	"kubebuilder:validation:XValidation.optionalOldSelf":   "run the rule on create too, with oldSelf an optional.",
	"kubebuilder:validation:XValidation.reason":            "the machine-readable reason of a failure, such as FieldValueForbidden.",
	"kubebuilder:validation:XValidation.rule":              "the CEL expression that must hold.",
}
