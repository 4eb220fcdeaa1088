package crd

import (
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

// HelpRow is one line of marker help: how the marker is written, where it
// goes (package, type or field) and what it does.
type HelpRow struct{ Name, Syntax, Target, Summary string }

// HelpCategory is a titled group of HelpRows.
type HelpCategory struct {
	Name string
	Rows []HelpRow
}

// MarkerHelp lists the markers the named generators (crd, rbac, webhook,
// object) read, grouped and ordered as controller-gen's -w output groups
// and orders them: groups by title, markers by name descending.
func MarkerHelp(generators []string) []HelpCategory {
	byCat := map[string][]HelpRow{}
	var defs []*markers.Definition
	defs = append(defs, definitions()...)
	defs = append(defs, shared...)
	defs = append(defs, k8sMarkers...)
	defs = append(defs, legacyDeepCopy...)
	slices.SortStableFunc(defs, func(a, b *markers.Definition) int { return strings.Compare(b.Name, a.Name) })
	for _, d := range defs {
		cat := helpCategory(d.Name)
		if cat == "" || !slices.Contains(generators, categoryOwner[cat]) || strings.HasPrefix(d.Help, "not allowed") {
			continue
		}
		for _, place := range []markers.Place{markers.Package, markers.Type, markers.Field} {
			if d.Place&place != 0 && !(d.Name == "default" && place != markers.Field) {
				byCat[cat] = append(byCat[cat], HelpRow{Name: d.Name, Syntax: Syntax(d), Target: placeName[place], Summary: summary(d)})
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
	case strings.HasPrefix(name, "kubebuilder:ac:"), name == "kubebuilder:skipclient":
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
var helpType = map[kind]string{
	kString: "string", kInt: "int", kNumber: "", kBool: "bool", kStrings: "[]string",
	kAnyList: "[]any", kAny: "any", kRaw: "raw",
}

// Syntax is how a marker is written: +name, +name=<type>, or
// +name:arg=<type>,... with optional arguments in brackets, sorted by name.
func Syntax(d *markers.Definition) string {
	var b strings.Builder
	name := d.Name
	if name == "default" {
		name = "default:value"
	}
	b.WriteString("+" + name)
	args := helpArgs(d)
	sep := ":"
	if len(args) == 1 && args[0].name == "" {
		sep = ""
	}
	slices.SortStableFunc(args, func(a, b arg) int { return strings.Compare(a.name, b.name) })
	for _, a := range args {
		part := sep
		if a.name != "" {
			part += a.name
		}
		part += "=<" + argType(d.Name, a) + ">"
		if a.optional {
			part = "[" + part + "]"
		}
		b.WriteString(part)
		sep = ","
	}
	return b.String()
}

// helpArgs returns a definition's arguments, for the few that are not
// read with this package's grammar as well.
func helpArgs(d *markers.Definition) []arg {
	if g, ok := d.Value.(grammar); ok {
		return slices.Clone(g.args)
	}
	switch d.Name {
	case "groupName":
		return []arg{{kind: kString, optional: true}}
	case "listType", "listMapKey", "mapType", "structType":
		return []arg{{kind: kString}}
	case "default":
		return []arg{{kind: kAny}}
	case "k8s:deepcopy-gen:interfaces":
		return []arg{{kind: kString}}
	case "k8s:deepcopy-gen":
		return []arg{{kind: kRaw}}
	}
	return nil
}

func argType(marker string, a arg) string {
	switch marker {
	case "k8s:maxItems":
		return "int"
	case "k8s:minimum", "k8s:maximum":
		return ""
	}
	return helpType[a.kind]
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
