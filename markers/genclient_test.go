package markers

import (
	"reflect"
	"strings"
	"testing"
)

// grammarCase is one raw value, and either the value it parses to or a
// part of its error.
type grammarCase struct {
	raw  string
	want any
	err  string
}

func checkGrammar(t *testing.T, g Grammar, cases []grammarCase) {
	t.Helper()
	for _, c := range cases {
		v, err := g.Parse(c.raw)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%T.Parse(%q) error = %v, want one containing %q", g, c.raw, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%T.Parse(%q): %v", g, c.raw, err)
		case c.err == "" && !reflect.DeepEqual(v, c.want):
			t.Errorf("%T.Parse(%q) = %#v, want %#v", g, c.raw, v, c.want)
		}
	}
}

func TestGenClientMethodGrammar(t *testing.T) {
	type spec = GenClientMethodSpec
	checkGrammar(t, GenClientMethod.Value, []grammarCase{
		{"GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
			spec{Name: "GetScale", Verb: "get", Subresource: "scale", Result: "k8s.io/api/autoscaling/v1.Scale"}, ""},
		{"Adopt, verb = create ,input=Gizmo", spec{Name: "Adopt", Verb: "create", Input: "Gizmo"}, ""},
		{"ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale",
			spec{Name: "ApplyScale", Verb: "apply", Subresource: "scale", Input: "Scale", Result: "Scale"}, ""},
		{"", nil, "must start with the method's name"},
		{"verb=get", nil, "must start with the method's name"},
		{"Get-Scale,verb=get", nil, `method name "Get-Scale" is not a Go identifier`},
		{"Foo", nil, "verb= is required, e.g. +genclient:method=Foo,verb=get"},
		{"Foo,verb=frob", nil, `unknown verb "frob"; a method's verb is one of create, update, get, list, patch, apply`},
		{"Foo,verb=watch", nil, `verb "watch" cannot be a method`},
		{"Foo,verb=delete", nil, `verb "delete" cannot be a method`},
		{"Foo,verb=applyStatus", nil, `verb "applyStatus" cannot be a method`},
		{"Foo,verb=watch,result=Bar", nil, `verb "watch" cannot be a method`},
		{"Foo,verb=patch,input=Bar", nil, "input= is for verbs create, update, apply only; verb patch takes no input"},
		{"Foo,verb=get,verb=list", nil, "verb= given twice"},
		{"Foo,verb=get,subresource", nil, `"subresource" is not key=value`},
		{"Foo,verb=get,result=a=b", nil, `"result=a=b" is not key=value`},
		{"Foo,verb=get,result=", nil, "result= needs a value"},
		{"Foo,verb=get,result=a b", nil, "is not a type name"},
		{"Foo,verb=get,colour=red", nil, `unknown key "colour"`},
	})
}

func TestClientVerbList(t *testing.T) {
	for _, d := range []*Definition{GenClientOnlyVerbs.Definition, GenClientSkipVerbs.Definition} {
		checkGrammar(t, d.Value, []grammarCase{
			{"create", []string{"create"}, ""},
			{"watch,deleteCollection,applyStatus", []string{"watch", "deleteCollection", "applyStatus"}, ""},
			{"", nil, "names no verb; name at least one of"},
			{"create,,get", nil, "empty verb"},
			{"create,", nil, "empty verb"},
			{"create,frob", nil, `unknown verb "frob", which means nothing; the verbs are create, update, updateStatus, delete, deleteCollection, get, list, watch, patch, apply, applyStatus`},
			{"Create", nil, `unknown verb "Create"`},
		})
		// client-gen passes over such verbs: the list is kept as written.
		checkLenient(t, d.Value, "create,,frob", []string{"create", "", "frob"})
	}
}

// checkLenient checks that g refuses raw as a value upstream reads all
// the same, as want.
func checkLenient(t *testing.T, g Grammar, raw string, want any) {
	t.Helper()
	_, err := g.Parse(raw)
	if l, ok := err.(*Lenient); !ok || !reflect.DeepEqual(l.Value, want) {
		t.Errorf("%T.Parse(%q) error = %#v, want a Lenient one with value %#v", g, raw, err, want)
	}
}

func TestGenClientFlags(t *testing.T) {
	checkGrammar(t, GenClient.Value, []grammarCase{
		{"", true, ""},
		{"false", nil, "the marker takes no value: write +genclient alone"},
		{"true", nil, "the marker takes no value"},
	})
	for _, d := range []*Definition{GenClientNonNamespaced.Definition, GenClientNoVerbs.Definition, GenClientNoStatus.Definition, GenClientReadOnly.Definition} {
		checkGrammar(t, d.Value, []grammarCase{
			{"", true, ""},
			{"true", true, ""},
			{"false", nil, "remove it to turn it off"},
		})
		checkLenient(t, d.Value, "false", true)
	}
}

func TestClientNames(t *testing.T) {
	checkGrammar(t, GroupGoName.Value, []grammarCase{
		{"SomeUniqueShortName", "SomeUniqueShortName", ""},
		{"", nil, "a Go name is required"},
		{"flow-control", nil, `"flow-control" is not a Go identifier`},
		{"Two Words", nil, "is not a Go identifier"},
	})
	checkGrammar(t, ResourceName.Value, []grammarCase{
		{"endpointslices", "endpointslices", ""},
		{"pods/status", "pods/status", ""},
		{"", nil, "a resource name is required"},
		{"pods,nodes", nil, `"pods,nodes" is not a resource name`},
		{`"pods"`, nil, "is not a resource name"},
	})
}

// TestGenClientFamily checks that the family lies in its name space and
// that each definition parses through a registry.
func TestGenClientFamily(t *testing.T) {
	reg := &Registry{}
	reg.Define(GenClientDefinitions...)
	reg.Define(GenClientDefinitions...) // the same pointers again: no panic
	reg.Define(GroupGoName.Definition, ResourceName.Definition)
	reg.Own(GenClientNamespace)
	for _, d := range GenClientDefinitions {
		if d.Name != GenClientNamespace && !strings.HasPrefix(d.Name, GenClientNamespace+":") {
			t.Errorf("+%s is outside name space %s", d.Name, GenClientNamespace)
		}
	}
	if n := len(reg.Definitions()); n != len(GenClientDefinitions)+2 {
		t.Errorf("registry holds %d definitions, want %d", n, len(GenClientDefinitions)+2)
	}
}
