package markers

import "strings"

// SchemaMarker is one +kubebuilder:validation:<Key> marker.
type SchemaMarker struct {
	Key  string
	Args []Arg
	Help string
}

// SchemaValidation are controller-gen's +kubebuilder:validation:<Key>
// markers that go on fields and types, and with an items: prefix on the
// items of a list: each key's arguments and help.
var SchemaValidation = []SchemaMarker{
	{"Maximum", []Arg{Whole(ArgNumber)}, "the largest value allowed"},
	{"Minimum", []Arg{Whole(ArgNumber)}, "the smallest value allowed"},
	{"ExclusiveMaximum", []Arg{Value(ArgBool)}, "the maximum itself is not allowed"},
	{"ExclusiveMinimum", []Arg{Value(ArgBool)}, "the minimum itself is not allowed"},
	{"MultipleOf", []Arg{Value(ArgNumber)}, "the value must be a multiple of this"},
	{"MinProperties", []Arg{Value(ArgInt)}, "the fewest keys an object may have"},
	{"MaxProperties", []Arg{Value(ArgInt)}, "the most keys an object may have"},
	{"MaxLength", []Arg{Value(ArgInt)}, "the longest a string may be"},
	{"MinLength", []Arg{Value(ArgInt)}, "the shortest a string may be"},
	{"Pattern", []Arg{Value(ArgString)}, "a regular expression strings must match"},
	{"MaxItems", []Arg{Whole(ArgInt)}, "the most items a list may have"},
	{"MinItems", []Arg{Value(ArgInt)}, "the fewest items a list may have"},
	{"UniqueItems", []Arg{Value(ArgBool)}, "list items must differ"},
	{"Enum", []Arg{Value(ArgAnyList)}, "the allowed values, separated by ;"},
	{"Format", []Arg{Value(ArgString)}, "the OpenAPI format"},
	{"Type", []Arg{Value(ArgString)}, "overrides the OpenAPI type"},
	{"XPreserveUnknownFields", nil, "keep fields the schema does not name"},
	{"XEmbeddedResource", nil, "the value is an embedded Kubernetes object"},
	{"XIntOrString", nil, "the value is an integer or a string"},
	{"XValidation", []Arg{Named("rule", ArgString, false), Named("message", ArgString, true), Named("messageExpression", ArgString, true),
		Named("reason", ArgString, true), Named("fieldPath", ArgString, true), Arg{Name: "optionalOldSelf", Kind: ArgBool, Optional: true, Pointer: true}}, "a CEL validation rule"},
}

// SchemaValidationPrefix is the name space of SchemaValidation's markers.
const SchemaValidationPrefix = "kubebuilder:validation:"

// KubebuilderDefault is +kubebuilder:default: one value of any kind.
var KubebuilderDefault = ArgGrammar{Name: "kubebuilder:default", Args: []Arg{Value(ArgAny)}}

// ReadSchemaValidation reads text, a marker without its "+", as
// controller-gen reads it when it is one of SchemaValidation (not an
// items: one): its key and arguments.
func ReadSchemaValidation(text string) (key string, args map[string]any, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), SchemaValidationPrefix)
	if !ok {
		return "", nil, false
	}
	head, _, hasValue := strings.Cut(rest, "=")
	name, _, _ := cutLastSegment(head, hasValue)
	for _, m := range SchemaValidation {
		if m.Key == head || m.Key == name {
			args, ok := (ArgGrammar{Name: SchemaValidationPrefix + m.Key, Args: m.Args}).Read(text)
			return m.Key, args, ok
		}
	}
	return "", nil, false
}

// Read reads text, a marker without its "+", when controller-gen would
// take it for g's marker and g parses it: its arguments.
func (g ArgGrammar) Read(text string) (map[string]any, bool) {
	head, _, hasValue := strings.Cut(strings.TrimSpace(text), "=")
	name, _, cut := cutLastSegment(head, hasValue)
	if head != g.Name && !(cut && name == g.Name) {
		return nil, false
	}
	v, err := g.Parse(text)
	if err != nil {
		return nil, false
	}
	return v.(map[string]any), true
}

// KubebuilderArgs declares a marker read with controller-gen's syntax,
// "+name:arg=value,arg=value", typed as its arguments by name.
func KubebuilderArgs(name string, place Place, help string, args ...Arg) Def[map[string]any] {
	return Typed[map[string]any](&Definition{
		Name: name, Place: place, Args: true, Repeatable: true,
		Value: ArgGrammar{Name: name, Args: args}, Help: help,
	})
}

// The markers of controller-gen that more than one generator reads.
var (
	ObjectRoot     = KubebuilderArgs("kubebuilder:object:root", Type, "the type is a root object (object generator)", Value(ArgBool))
	StorageVersion = KubebuilderArgs("kubebuilder:storageversion", Type, "this version is the storage version")
)

// IsObjectRoot reports whether s marks a type +kubebuilder:object:root=true.
func IsObjectRoot(s Set) bool {
	args, ok := ObjectRoot.Get(s)
	return ok && args[""] == true
}
