package client

import (
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/markers"
)

// The verbs a typed client can have, in the order its interface lists them.
var allVerbs = []string{
	"create", "update", "updateStatus", "delete", "deleteCollection",
	"get", "list", "watch", "patch", "apply", "applyStatus",
}

// readVerbs are what +genclient:readonly leaves.
var readVerbs = []string{"get", "list", "watch"}

// methodVerbs are the verbs a +genclient:method may use. inputVerbs may
// also take input=.
var (
	methodVerbs = []string{"create", "update", "get", "list", "patch", "apply"}
	inputVerbs  = []string{"create", "update", "apply"}
)

const (
	genclient     = "genclient"
	nonNamespaced = "genclient:nonNamespaced"
	noVerbs       = "genclient:noVerbs"
	noStatus      = "genclient:noStatus"
	readonly      = "genclient:readonly"
	onlyVerbs     = "genclient:onlyVerbs"
	skipVerbs     = "genclient:skipVerbs"
	methodMarker  = "genclient:method"
	enableMarker  = "k8s:client-gen"
	groupGoName   = "groupGoName"
)

// ResourceName overrides the resource a type is served as. Listers and
// informers read it too, so it is exported for them to Define.
var ResourceName = &markers.Definition{
	Name:  "resourceName",
	Place: markers.Type,
	Value: word{what: "a resource name"},
	Help:  "the resource the type is served as, instead of its lower-case plural (+resourceName=endpointslices)",
}

var definitions = []*markers.Definition{
	{Name: genclient, Place: markers.Type, Value: flag{hint: "write +genclient alone to generate a client, or leave it out to generate none"},
		Help: "generate a typed client, and a fake, for this type"},
	{Name: nonNamespaced, Place: markers.Type, Value: flag{}, Help: "the type is cluster-scoped: its client takes no namespace"},
	{Name: noVerbs, Place: markers.Type, Value: flag{}, Help: "the type's client has no methods at all"},
	{Name: noStatus, Place: markers.Type, Value: flag{}, Help: "no UpdateStatus or ApplyStatus, although the type has a Status field"},
	{Name: readonly, Place: markers.Type, Value: flag{}, Help: "only get, list and watch (more with +genclient:onlyVerbs)"},
	{Name: onlyVerbs, Place: markers.Type, Value: verbList{}, Help: "only these verbs: " + strings.Join(allVerbs, ",")},
	{Name: skipVerbs, Place: markers.Type, Value: verbList{}, Help: "every verb but these: " + strings.Join(allVerbs, ",")},
	{Name: methodMarker, Place: markers.Type, Value: methodGrammar{}, Repeatable: true,
		Help: "an extra client method: Name,verb=" + strings.Join(methodVerbs, "|") + "[,subresource=path][,input=Type][,result=Type]; types may be import/path.Type"},
	ResourceName,
	{Name: groupGoName, Place: markers.Package, Value: word{what: "a Go name", ident: true},
		Help: "the group's name in Go code (clientset methods, import names), when the first part of +groupName would be ambiguous"},
	{Name: enableMarker, Place: markers.Package, Value: markers.Switch{},
		Help: "false: generate no client for this package, even when --input names it"},
}

// Define declares client-gen's markers and claims its name spaces.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Define(markers.GroupName)
	reg.Own(genclient)
	reg.Own(enableMarker)
}

// flag is a marker that takes no value.
type flag struct{ hint string }

func (f flag) Parse(raw string) (any, error) {
	if raw != "" {
		if f.hint != "" {
			return nil, fmt.Errorf("the marker takes no value: %s", f.hint)
		}
		return nil, fmt.Errorf("the marker takes no value")
	}
	return true, nil
}

func (flag) String() string { return "no value" }

// word is a single non-empty word.
type word struct {
	what  string
	ident bool // letters, digits and underscores only
}

var identPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (w word) Parse(raw string) (any, error) {
	switch {
	case raw == "":
		return nil, fmt.Errorf("%s is required", w.what)
	case w.ident && !identPattern.MatchString(raw):
		return nil, fmt.Errorf("%q is not a Go identifier", raw)
	case strings.ContainsAny(raw, " \t,\""):
		return nil, fmt.Errorf("%q is not %s", raw, w.what)
	}
	return raw, nil
}

func (w word) String() string { return w.what }

// verbList is a comma-separated list of client verbs; Parse returns []string.
type verbList struct{}

func (verbList) Parse(raw string) (any, error) {
	if raw == "" {
		return nil, fmt.Errorf("name at least one verb of %s", strings.Join(allVerbs, ", "))
	}
	verbs := strings.Split(raw, ",")
	for _, v := range verbs {
		if !slices.Contains(allVerbs, v) {
			return nil, fmt.Errorf("unknown verb %q; the verbs are %s", v, strings.Join(allVerbs, ", "))
		}
	}
	return verbs, nil
}

func (verbList) String() string { return "verb,verb,..." }

// method is one +genclient:method.
type method struct {
	Name        string // of the client method
	Verb        string // one of methodVerbs
	Subresource string // "" for the resource itself
	Input       string // type name, or import/path.Name; "" for the type itself
	Result      string // likewise
}

// methodGrammar parses Name,verb=...,subresource=...,input=...,result=...
type methodGrammar struct{}

var typeRefPattern = regexp.MustCompile(`^([\w.\-/~]+\.)?[A-Za-z_]\w*$`)

func (methodGrammar) Parse(raw string) (any, error) {
	parts := strings.Split(raw, ",")
	m := method{Name: parts[0]}
	if !identPattern.MatchString(m.Name) {
		return nil, fmt.Errorf("it must start with the method's name: +%s=Name,verb=...", methodMarker)
	}
	seen := map[string]bool{}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok || strings.Contains(v, "="):
			return nil, fmt.Errorf("%q is not key=value", p)
		case v == "":
			return nil, fmt.Errorf("%s= needs a value", k)
		case seen[k]:
			return nil, fmt.Errorf("%s= given twice", k)
		}
		seen[k] = true
		switch k {
		case "verb":
			m.Verb = v
		case "subresource":
			m.Subresource = v
		case "input", "result":
			if !typeRefPattern.MatchString(v) {
				return nil, fmt.Errorf("%s=%s is not a type name such as Scale or k8s.io/api/autoscaling/v1.Scale", k, v)
			}
			if k == "input" {
				m.Input = v
			} else {
				m.Result = v
			}
		default:
			return nil, fmt.Errorf("unknown key %q; the keys are verb, subresource, input and result", k)
		}
	}
	switch {
	case m.Verb == "":
		return nil, fmt.Errorf("verb= is required, e.g. +%s=%s,verb=get", methodMarker, m.Name)
	case !slices.Contains(methodVerbs, m.Verb):
		return nil, fmt.Errorf("verb %q cannot be a method; use one of %s", m.Verb, strings.Join(methodVerbs, ", "))
	case m.Input != "" && !slices.Contains(inputVerbs, m.Verb):
		return nil, fmt.Errorf("input= is for verbs %s only; verb %s takes no input", strings.Join(inputVerbs, ", "), m.Verb)
	}
	return m, nil
}

func (methodGrammar) String() string {
	return "Name,verb=verb[,subresource=path][,input=Type][,result=Type]"
}

// splitType splits input= and result= values into package and name; the
// package is "" when the type is in the type's own package.
func splitType(ref string) (pkg, name string) {
	i := strings.LastIndexByte(ref, '.')
	if i < 0 {
		return "", ref
	}
	return ref[:i], ref[i+1:]
}

// tags is what a type's markers ask of its client.
type tags struct {
	genclient     bool
	nonNamespaced bool
	noVerbs       bool
	noStatus      bool
	skip          []string // verbs the client lacks
	methods       []method
	resourceName  string
	pos           token.Position // of +genclient
}

// readTags collects a type's client markers.
func readTags(s markers.Set) tags {
	var t tags
	if m, ok := s.Get(genclient); ok {
		t.genclient, t.pos = true, m.Pos
	}
	_, t.nonNamespaced = s.Get(nonNamespaced)
	_, t.noVerbs = s.Get(noVerbs)
	_, t.noStatus = s.Get(noStatus)
	if m, ok := s.Get(skipVerbs); ok {
		t.skip = m.Value.([]string)
	}
	// readonly and onlyVerbs name what remains, so together they replace
	// skipVerbs.
	var only []string
	_, ro := s.Get(readonly)
	if ro {
		only = append(only, readVerbs...)
	}
	m, ok := s.Get(onlyVerbs)
	if ok {
		only = append(only, m.Value.([]string)...)
	}
	if ro || ok {
		t.skip = nil
		for _, v := range allVerbs {
			if !slices.Contains(only, v) {
				t.skip = append(t.skip, v)
			}
		}
	}
	for _, m := range s.All(methodMarker) {
		t.methods = append(t.methods, m.Value.(method))
	}
	if m, ok := s.Get(ResourceName.Name); ok {
		t.resourceName = m.Value.(string)
	}
	return t
}

// has reports whether the client has the verb.
func (t tags) has(verb string) bool { return !slices.Contains(t.skip, verb) }
