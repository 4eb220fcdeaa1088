// Package genclient reads the +genclient family of markers, which ask for a
// typed client, lister and informer for an API type, and works out what
// lister-gen and informer-gen (and, later, client-gen) need to know about
// an API package: its group, version, whether it is internal, and which
// types asked for what.
//
// The definitions live here until client-gen exists; they belong in the
// shared markers package, so that every generator reading them uses the
// same *markers.Definition.
package genclient

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

// Names of the markers, without the leading "+".
const (
	namespace     = "genclient"
	generateName  = namespace
	nonNamespaced = namespace + ":nonNamespaced"
	noVerbs       = namespace + ":noVerbs"
	noStatus      = namespace + ":noStatus"
	readonly      = namespace + ":readonly"
	onlyVerbs     = namespace + ":onlyVerbs"
	skipVerbs     = namespace + ":skipVerbs"
	method        = namespace + ":method"

	groupGoName  = "groupGoName"
	resourceName = "resourceName"
)

// Verbs are the client verbs that onlyVerbs and skipVerbs may name, in the
// order client-gen knows them.
var Verbs = []string{
	"create", "update", "updateStatus", "delete", "deleteCollection",
	"get", "list", "watch", "patch", "apply", "applyStatus",
}

// readonlyVerbs are the verbs +genclient:readonly keeps.
var readonlyVerbs = []string{"get", "list", "watch"}

// Definitions of the +genclient family and of the package and type markers
// that name things for clients.
var (
	Generate = &markers.Definition{
		Name:  generateName,
		Place: markers.Type,
		Value: noValue{hint: "write +genclient to ask for a client, and leave it out otherwise"},
		Help:  "generate a typed client, lister and informer for this type",
	}
	NonNamespaced = &markers.Definition{
		Name:  nonNamespaced,
		Place: markers.Type,
		Value: presence{},
		Help:  "the type is cluster-scoped: its client, lister and informer take no namespace",
	}
	NoVerbs = &markers.Definition{
		Name:  noVerbs,
		Place: markers.Type,
		Value: presence{},
		Help:  "generate a client with no verbs (only +genclient:method ones), and no informer",
	}
	NoStatus = &markers.Definition{
		Name:  noStatus,
		Place: markers.Type,
		Value: presence{},
		Help:  "the type has no status subresource: no UpdateStatus or ApplyStatus",
	}
	ReadOnly = &markers.Definition{
		Name:  readonly,
		Place: markers.Type,
		Value: presence{},
		Help:  "generate only the read verbs: get, list and watch",
	}
	OnlyVerbs = &markers.Definition{
		Name:  onlyVerbs,
		Place: markers.Type,
		Value: verbList{},
		Help:  "generate only these verbs, e.g. create,delete",
	}
	SkipVerbs = &markers.Definition{
		Name:  skipVerbs,
		Place: markers.Type,
		Value: verbList{},
		Help:  "generate every verb but these, e.g. deleteCollection",
	}
	Method = &markers.Definition{
		Name:       method,
		Place:      markers.Type,
		Value:      methodGrammar{},
		Repeatable: true,
		Help:       "an extra client method: Name,verb=<verb>[,subresource=<path>][,input=<Type>][,result=<Type>]",
	}
	GroupGoNameMarker = &markers.Definition{
		Name:  groupGoName,
		Place: markers.Package,
		Value: nonEmpty{},
		Help:  "the Go name of the package's API group in clientsets and informer factories, e.g. SomeUniqueShortName",
	}
	ResourceNameMarker = &markers.Definition{
		Name:  resourceName,
		Place: markers.Type,
		Value: nonEmpty{},
		Help:  "the REST resource of this type, when it is not the lower-case plural of its name",
	}
)

// Definitions are the markers of the +genclient family.
var Definitions = []*markers.Definition{Generate, NonNamespaced, NoVerbs, NoStatus, ReadOnly, OnlyVerbs, SkipVerbs, Method}

// Define declares the +genclient family and claims its name space, so that
// a misspelt +genclient:... marker is an error.
func Define(reg *markers.Registry) {
	reg.Define(Definitions...)
	reg.Own(namespace)
}

// noValue accepts only an empty value.
type noValue struct{ hint string }

func (g noValue) Parse(raw string) (any, error) {
	if raw != "" {
		return nil, fmt.Errorf("it takes no value; %s", g.hint)
	}
	return true, nil
}

func (noValue) String() string { return "no value" }

// presence is a marker that matters by being there. It takes no value, or
// "true": "=false" would read as off, which it is not.
type presence struct{}

func (presence) Parse(raw string) (any, error) {
	if raw != "" && raw != "true" {
		return nil, fmt.Errorf("it takes no value: the marker is on by being there; remove it to turn it off")
	}
	return true, nil
}

func (presence) String() string { return "no value" }

// nonEmpty accepts any value but none.
type nonEmpty struct{}

func (nonEmpty) Parse(raw string) (any, error) {
	if raw == "" {
		return nil, fmt.Errorf("a value is required")
	}
	return raw, nil
}

func (nonEmpty) String() string { return "text" }

// verbList is a comma-separated list of client verbs. Parse returns the
// items as written, in order.
type verbList struct{}

func (verbList) Parse(raw string) (any, error) {
	items := strings.Split(raw, ",")
	for _, v := range items {
		if v != "" && !slices.Contains(Verbs, v) {
			return nil, fmt.Errorf("unknown verb %q; the verbs are %s", v, strings.Join(Verbs, ", "))
		}
	}
	return items, nil
}

func (verbList) String() string { return "comma-separated verbs" }

// MethodSpec is the value of one +genclient:method marker.
type MethodSpec struct {
	Name        string // of the client method
	Verb        string // the verb whose request it makes
	Subresource string // optional
	Input       string // optional input type, Name or import/path.Name
	Result      string // optional result type, Name or import/path.Name
}

// Verbs a method may override the input type for, or the result type for,
// and the verbs no method may use.
var (
	inputVerbs       = []string{"create", "update", "apply"}
	resultVerbs      = []string{"create", "update", "get", "list", "patch", "apply"}
	unsupportedVerbs = []string{"updateStatus", "deleteCollection", "watch", "delete"}
)

// methodGrammar parses "Name,verb=v,subresource=s,input=T,result=T",
// rejecting what client-gen rejects.
type methodGrammar struct{}

func (methodGrammar) Parse(raw string) (any, error) {
	parts := strings.Split(raw, ",")
	m := MethodSpec{Name: parts[0]}
	if m.Name == "" {
		return nil, fmt.Errorf("the method name comes first, as in +genclient:method=Foo,verb=create")
	}
	for _, p := range parts[1:] {
		kv := strings.Split(p, "=")
		if len(kv) != 2 {
			return nil, fmt.Errorf("%q is not key=value", p)
		}
		k, v := strings.TrimSpace(kv[0]), strings.TrimSpace(kv[1])
		if v == "" {
			return nil, fmt.Errorf("%s of method %s is empty", k, m.Name)
		}
		switch k {
		case "verb":
			m.Verb = v
		case "subresource":
			m.Subresource = v
		case "input":
			m.Input = v
		case "result":
			m.Result = v
		default:
			return nil, fmt.Errorf("unknown key %q; the keys are verb, subresource, input and result", k)
		}
	}
	switch {
	case m.Verb == "":
		return nil, fmt.Errorf("method %s needs a verb, as in %s,verb=create", m.Name, m.Name)
	case m.Result != "" && !slices.Contains(resultVerbs, m.Verb):
		return nil, fmt.Errorf("method %s: a %s method cannot override its result type (only %s can)", m.Name, m.Verb, strings.Join(resultVerbs, ", "))
	case m.Input != "" && !slices.Contains(inputVerbs, m.Verb):
		return nil, fmt.Errorf("method %s: a %s method cannot override its input type (only %s can)", m.Name, m.Verb, strings.Join(inputVerbs, ", "))
	case slices.Contains(unsupportedVerbs, m.Verb):
		return nil, fmt.Errorf("method %s: verb %s is not supported for extra methods", m.Name, m.Verb)
	}
	return m, nil
}

func (methodGrammar) String() string {
	return "Name,verb=<verb>[,subresource=<path>][,input=<Type>][,result=<Type>]"
}
