package markers

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// GenClientNamespace is the name space of the +genclient family.
const GenClientNamespace = "genclient"

// ClientVerbs are the client verbs that onlyVerbs and skipVerbs may name, in the
// order client-gen knows them.
var ClientVerbs = []string{
	"create", "update", "updateStatus", "delete", "deleteCollection",
	"get", "list", "watch", "patch", "apply", "applyStatus",
}

// ReadonlyVerbs are the verbs +genclient:readonly keeps.
var ReadonlyVerbs = []string{"get", "list", "watch"}

// The verbs a +genclient:method may use, and those of them that may also
// take input=. Every method verb may take result=.
var (
	methodVerbs      = []string{"create", "update", "get", "list", "patch", "apply"}
	methodInputVerbs = []string{"create", "update", "apply"}
)

// The +genclient family, which asks for typed clients, listers and
// informers (client-gen, lister-gen and informer-gen read it), and the
// package and type markers that name things for clients. Each is defined
// here once, so that the three generators can share one registry.
var (
	GenClient = Typed[bool](&Definition{
		Name:  "genclient",
		Place: Type,
		Value: genClientFlag{hint: "write +genclient alone to generate a client, or leave it out to generate none"},
		Help:  "generate a typed client (and its fake), a lister and an informer for this type",
	})
	GenClientNonNamespaced = Typed[bool](&Definition{
		Name:  "genclient:nonNamespaced",
		Place: Type,
		Value: genClientPresence{},
		Help:  "the type is cluster-scoped: its client, lister and informer take no namespace",
	})
	GenClientNoVerbs = Typed[bool](&Definition{
		Name:  "genclient:noVerbs",
		Place: Type,
		Value: genClientPresence{},
		Help:  "the type's client has no methods at all, not even +genclient:method ones, and the type gets no informer",
	})
	GenClientNoStatus = Typed[bool](&Definition{
		Name:  "genclient:noStatus",
		Place: Type,
		Value: genClientPresence{},
		Help:  "the type has no status subresource: no UpdateStatus or ApplyStatus, although it has a Status field",
	})
	GenClientReadOnly = Typed[bool](&Definition{
		Name:  "genclient:readonly",
		Place: Type,
		Value: genClientPresence{},
		Help:  "only the read verbs get, list and watch (add more with +genclient:onlyVerbs)",
	})
	GenClientOnlyVerbs = Typed[[]string](&Definition{
		Name:  "genclient:onlyVerbs",
		Place: Type,
		Value: clientVerbList{},
		First: true, // client-gen reads the first
		Help:  "only these verbs, comma-separated, of " + strings.Join(ClientVerbs, ","),
	})
	GenClientSkipVerbs = Typed[[]string](&Definition{
		Name:  "genclient:skipVerbs",
		Place: Type,
		Value: clientVerbList{},
		First: true, // client-gen reads the first
		Help:  "every verb but these, comma-separated, of " + strings.Join(ClientVerbs, ","),
	})
	GenClientMethod = Typed[GenClientMethodSpec](&Definition{
		Name:       "genclient:method",
		Place:      Type,
		Value:      genClientMethodGrammar{},
		Repeatable: true,
		Help: "an extra client method, whose verb is one of " + strings.Join(methodVerbs, ", ") +
			"; input= and result= types may be import/path.Type; input= is for " + strings.Join(methodInputVerbs, ", ") + " only",
	})
	GroupGoName = Typed[string](&Definition{
		Name:  "groupGoName",
		Place: Package,
		Value: clientWord{what: "a Go name", ident: true},
		Help:  "the Go name of the package's API group in clientsets and informer factories, when the first part of +groupName would be ambiguous",
	})
	ResourceName = Typed[string](&Definition{
		Name:  "resourceName",
		Place: Type,
		Value: clientWord{what: "a resource name"},
		Help:  "the REST resource the type is served as, when it is not the lower-case plural of its name (+resourceName=endpointslices)",
	})
)

// GenClientDefinitions are the markers of the +genclient family. Their
// name space is GenClientNamespace.
var GenClientDefinitions = []*Definition{GenClient.Definition, GenClientNonNamespaced.Definition, GenClientNoVerbs.Definition, GenClientNoStatus.Definition, GenClientReadOnly.Definition, GenClientOnlyVerbs.Definition, GenClientSkipVerbs.Definition, GenClientMethod.Definition}

// genClientFlag accepts only an empty value: +genclient=false would read
// as off, and +genclient=true invites it.
type genClientFlag struct{ hint string }

func (g genClientFlag) Parse(raw string) (any, error) {
	if raw != "" {
		return nil, fmt.Errorf("the marker takes no value: %s", g.hint)
	}
	return true, nil
}

func (genClientFlag) String() string { return "no value" }

// genClientPresence is a marker that matters by being there. It takes no value, or
// "true": "=false" would read as off, which it is not. Upstream reads any
// value as on, so another is a warning.
type genClientPresence struct{}

func (genClientPresence) Parse(raw string) (any, error) {
	if raw != "" && raw != "true" {
		return nil, &Lenient{Value: true, Err: fmt.Errorf("it takes no value: the marker is on by being there, whatever its value; remove it to turn it off")}
	}
	return true, nil
}

func (genClientPresence) String() string { return "no value" }

// clientWord is one non-empty word: no blanks, commas or quotes, and with
// ident a Go identifier.
type clientWord struct {
	what  string
	ident bool
}

var goIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (w clientWord) Parse(raw string) (any, error) {
	switch {
	case raw == "":
		return nil, fmt.Errorf("%s is required", w.what)
	case w.ident && !goIdent.MatchString(raw):
		return nil, fmt.Errorf("%q is not a Go identifier", raw)
	case strings.ContainsAny(raw, " \t,\"'`"):
		return nil, fmt.Errorf("%q is not %s", raw, w.what)
	}
	return raw, nil
}

func (w clientWord) String() string { return w.what }

// clientVerbList is a comma-separated list of at least one client verb.
// Parse returns the verbs as written, in order. Upstream passes over an
// empty or unknown verb, so such a list is kept, with a warning.
type clientVerbList struct{}

func (clientVerbList) Parse(raw string) (any, error) {
	items := strings.Split(raw, ",")
	var err error
	for _, v := range items {
		switch {
		case raw == "":
			err = fmt.Errorf("it names no verb; name at least one of %s", strings.Join(ClientVerbs, ", "))
		case v == "":
			err = fmt.Errorf("the list has an empty verb; separate verbs by single commas, as in create,delete")
		case !slices.Contains(ClientVerbs, v):
			err = fmt.Errorf("unknown verb %q, which means nothing; the verbs are %s", v, strings.Join(ClientVerbs, ", "))
		}
		if err != nil {
			return nil, &Lenient{Value: items, Err: err}
		}
	}
	return items, nil
}

func (clientVerbList) String() string { return "verb,verb,..." }

// GenClientMethodSpec is the value of one +genclient:method marker.
type GenClientMethodSpec struct {
	Name        string // of the client method, a Go identifier
	Verb        string // the verb whose request it makes: create, update, get, list, patch or apply
	Subresource string // "" for the resource itself
	Input       string // input type, Name or import/path.Name; "" for the type itself
	Result      string // result type, likewise
}

// methodTypeRef is a type name, optionally qualified by an import path.
var methodTypeRef = regexp.MustCompile(`^([\w.\-/~]+\.)?[A-Za-z_]\w*$`)

// genClientMethodGrammar parses "Name,verb=v[,subresource=s][,input=T][,result=T]"
// into a GenClientMethodSpec. It accepts only methods client-gen can write.
type genClientMethodGrammar struct{}

func (genClientMethodGrammar) Parse(raw string) (any, error) {
	parts := strings.Split(raw, ",")
	m := GenClientMethodSpec{Name: parts[0]}
	switch {
	case m.Name == "" || strings.Contains(m.Name, "="):
		return nil, fmt.Errorf("it must start with the method's name: +genclient:method=Name,verb=...")
	case !goIdent.MatchString(m.Name):
		return nil, fmt.Errorf("method name %q is not a Go identifier", m.Name)
	}
	seen := map[string]bool{}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok || strings.Contains(v, "="):
			return nil, fmt.Errorf("%q is not key=value", p)
		case !slices.Contains([]string{"verb", "subresource", "input", "result"}, k):
			return nil, fmt.Errorf("unknown key %q; the keys are verb, subresource, input and result", k)
		case v == "":
			return nil, fmt.Errorf("%s= needs a value", k)
		case seen[k]:
			return nil, fmt.Errorf("%s= given twice", k)
		case (k == "input" || k == "result") && !methodTypeRef.MatchString(v):
			return nil, fmt.Errorf("%s=%s is not a type name such as Scale or k8s.io/api/autoscaling/v1.Scale", k, v)
		}
		seen[k] = true
		switch k {
		case "verb":
			m.Verb = v
		case "subresource":
			m.Subresource = v
		case "input":
			m.Input = v
		case "result":
			m.Result = v
		}
	}
	switch {
	case m.Verb == "":
		return nil, fmt.Errorf("verb= is required, e.g. +genclient:method=%s,verb=get", m.Name)
	case !slices.Contains(ClientVerbs, m.Verb):
		return nil, fmt.Errorf("unknown verb %q; a method's verb is one of %s", m.Verb, strings.Join(methodVerbs, ", "))
	case !slices.Contains(methodVerbs, m.Verb):
		return nil, fmt.Errorf("verb %q cannot be a method; use one of %s", m.Verb, strings.Join(methodVerbs, ", "))
	case m.Input != "" && !slices.Contains(methodInputVerbs, m.Verb):
		return nil, fmt.Errorf("input= is for verbs %s only; verb %s takes no input", strings.Join(methodInputVerbs, ", "), m.Verb)
	}
	return m, nil
}

func (genClientMethodGrammar) String() string {
	return "Name,verb=verb[,subresource=path][,input=Type][,result=Type]"
}
