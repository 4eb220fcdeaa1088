package client

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/output"
)

// typedFile writes the typed client of one type, or its fake.
type typedFile struct {
	*output.GoFile
	p *plan
	v *version
	k *kind
}

// operand is a type a method takes or returns.
type operand struct {
	name types.Name
	gv   string // group/version of its package, for its apply configuration
}

func (f *typedFile) self() operand {
	return operand{name: f.k.name, gv: gvString(f.v.pkg.Path)}
}

// operands resolves a method's input and result types.
func (f *typedFile) operands(mt method) (in, out operand) {
	in, out = f.self(), f.self()
	if mt.Input != "" {
		pkg, name := splitType(mt.Input)
		if pkg != "" {
			in = operand{name: types.Name{Package: pkg, Name: name}, gv: gvString(pkg)}
		} else {
			in.name.Name = name
		}
	}
	if mt.Result != "" {
		pkg, name := splitType(mt.Result)
		if pkg != "" {
			out.name = types.Name{Package: pkg, Name: name}
		} else {
			out.name.Name = name
		}
	}
	return in, out
}

// Names of types in the file: R is spelled with imports, the rest are
// upstream's name systems.
func (f *typedFile) R(o operand) string { return f.Ref(o.name) }

func private(o operand) string { return namer.IL(o.name.Name) }

func public(o operand) string { return namer.IC(o.name.Name) }

// applyConfig spells the apply configuration of o.
func (f *typedFile) applyConfig(o operand) string {
	return f.Qual(path.Join(f.p.ApplyConfigurations, o.gv), o.name.Name+"ApplyConfiguration")
}

func (f *typedFile) ctx() string          { return f.Qual("context", "Context") }
func (f *typedFile) meta(n string) string { return f.Qual(metav1Pkg, n) }
func (f *typedFile) codec() string        { return f.Qual(f.p.schemePkg(), "ParameterCodec") }

// plural names of the file's type.
func (f *typedFile) publicPlural() string  { return f.p.plural.publicName(f.k.name) }
func (f *typedFile) privatePlural() string { return f.p.plural.privateName(f.k.name) }

// signature is one method of the client interface. sub selects the form
// with the parent's name first, which subresource methods use for the
// verbs that have one.
func (f *typedFile) signature(verb, method string, sub bool, in, out operand) string {
	t := f.self()
	if sub {
		switch verb {
		case "create", "update":
			opts := "CreateOptions"
			if verb == "update" {
				opts = "UpdateOptions"
			}
			return sprintf("%s(ctx %s, %sName string, %s *%s, opts %s) (*%s, error)",
				method, f.ctx(), private(t), private(in), f.R(in), f.meta(opts), f.R(out))
		case "list":
			return sprintf("%s(ctx %s, %sName string, opts %s) (*%sList, error)",
				method, f.ctx(), private(t), f.meta("ListOptions"), f.R(out))
		case "get":
			return sprintf("%s(ctx %s, %sName string, options %s) (*%s, error)",
				method, f.ctx(), private(t), f.meta("GetOptions"), f.R(out))
		case "apply":
			return sprintf("%s(ctx %s, %sName string, %s *%s, opts %s) (*%s, error)",
				method, f.ctx(), private(t), private(in), f.applyConfig(in), f.meta("ApplyOptions"), f.R(out))
		}
	}
	switch verb {
	case "create", "update":
		opts := "CreateOptions"
		if verb == "update" {
			opts = "UpdateOptions"
		}
		return sprintf("%s(ctx %s, %s *%s, opts %s) (*%s, error)", method, f.ctx(), private(in), f.R(in), f.meta(opts), f.R(out))
	case "updateStatus":
		return sprintf("// Add a +genclient:noStatus comment above the type to avoid generating UpdateStatus().\n%s(ctx %s, %s *%s, opts %s) (*%s, error)",
			method, f.ctx(), private(in), f.R(t), f.meta("UpdateOptions"), f.R(t))
	case "delete":
		return sprintf("%s(ctx %s, name string, opts %s) error", method, f.ctx(), f.meta("DeleteOptions"))
	case "deleteCollection":
		return sprintf("%s(ctx %s, opts %s, listOpts %s) error", method, f.ctx(), f.meta("DeleteOptions"), f.meta("ListOptions"))
	case "get":
		return sprintf("%s(ctx %s, name string, opts %s) (*%s, error)", method, f.ctx(), f.meta("GetOptions"), f.R(out))
	case "list":
		return sprintf("%s(ctx %s, opts %s) (*%sList, error)", method, f.ctx(), f.meta("ListOptions"), f.R(out))
	case "watch":
		return sprintf("%s(ctx %s, opts %s) (%s, error)", method, f.ctx(), f.meta("ListOptions"), f.Qual(watchPkg, "Interface"))
	case "patch":
		return sprintf("%s(ctx %s, name string, pt %s, data []byte, opts %s, subresources ...string) (result *%s, err error)",
			method, f.ctx(), f.Qual(apiTypesPkg, "PatchType"), f.meta("PatchOptions"), f.R(out))
	case "apply":
		return sprintf("%s(ctx %s, %s *%s, opts %s) (result *%s, err error)", method, f.ctx(), private(in), f.applyConfig(in), f.meta("ApplyOptions"), f.R(out))
	case "applyStatus":
		return sprintf("// Add a +genclient:noStatus comment above the type to avoid generating ApplyStatus().\n%s(ctx %s, %s *%s, opts %s) (result *%s, err error)",
			method, f.ctx(), private(in), f.applyConfig(in), f.meta("ApplyOptions"), f.R(out))
	}
	panic("no signature for verb " + verb)
}

// hasSubForm reports whether verb has a subresource form of its signature.
func (f *typedFile) hasSubForm(verb string) bool {
	switch verb {
	case "create", "list", "update", "get":
		return true
	case "apply":
		return f.p.ApplyConfigurations != ""
	}
	return false
}

// methods returns the +genclient:method methods the client gets.
func (f *typedFile) methods() []method {
	var out []method
	for _, mt := range f.k.tags.methods {
		if mt.Verb == "apply" && f.p.ApplyConfigurations == "" {
			continue
		}
		out = append(out, mt)
	}
	return out
}

// typedClient writes the typed client of k.
func (p *plan) typedClient(v *version, k *kind) *output.GoFile {
	pkg := p.typedPkg(v)
	f := &typedFile{GoFile: output.NewGoFile(pkg), p: p, v: v, k: k}
	if k.generate {
		f.client()
	}
	return p.finish(f.GoFile, strings.ToLower(genclient.NonEmptyVersion(v.version)))
}

func (f *typedFile) client() {
	t := f.self()
	P, PP, pp := public(t), f.publicPlural(), f.privatePlural()
	tags := f.k.tags
	methods := f.methods()

	f.Printf("\n// %sGetter has a method to return a %sInterface.\n// A group's client should implement this interface.\n", PP, P)
	if tags.nonNamespaced {
		f.Printf("type %sGetter interface {\n\t%s() %sInterface\n}\n", PP, PP, P)
	} else {
		f.Printf("type %sGetter interface {\n\t%s(namespace string) %sInterface\n}\n", PP, PP, P)
	}

	f.Printf("\n// %sInterface has methods to work with %s resources.\ntype %sInterface interface {", P, P, P)
	if !tags.noVerbs {
		var lines []string
		for _, verb := range f.p.verbs(f.k) {
			lines = append(lines, f.signature(verb, namer.IC(verb), false, t, t))
		}
		f.Printf("\n%s", strings.Join(lines, "\n"))
		if len(methods) > 0 {
			f.Printf("\n")
			for _, mt := range methods {
				in, out := f.operands(mt)
				f.Printf("%s\n", f.signature(mt.Verb, mt.Name, mt.Subresource != "" && f.hasSubForm(mt.Verb), in, out))
			}
		}
	}
	f.Printf("\n\t%sExpansion\n}\n", P)

	list := !tags.noVerbs && tags.has("list")
	apply := !tags.noVerbs && tags.has("apply") && f.p.ApplyConfigurations != ""
	clientType, typeArgs := f.gentype("Client", list, apply)
	f.Printf("\n// %s implements %sInterface\ntype %s struct {\n\t*%s[%s]\n}\n", pp, P, pp, clientType, typeArgs)

	params, namespace := "", `""`
	if !tags.nonNamespaced {
		params, namespace = ", namespace string", "namespace"
	}
	f.Printf("\n// new%s returns a %s\nfunc new%s(c *%sClient%s) *%s {\n\treturn &%s{\n", PP, PP, PP, f.v.prefix(), params, pp, pp)
	newClient, newArgs := f.gentype("NewClient", list, apply)
	f.Printf("\t\t%s[%s](\n\t\t\t\"%s\",\n\t\t\tc.RESTClient(),\n\t\t\t%s,\n\t\t\t%s,\n", newClient, newArgs, f.k.resource, f.codec(), namespace)
	R := f.R(t)
	f.Printf("\t\t\tfunc() *%s { return &%s{} },\n", R, R)
	if list {
		f.Printf("\t\t\tfunc() *%sList { return &%sList{} },\n", R, R)
	}
	if f.p.PrefersProtobuf {
		f.Printf("\t\t\tgentype.PrefersProtobuf[*%s](),\n", R)
	}
	f.Printf("\t\t),\n\t}\n}\n")

	if tags.noVerbs {
		return
	}
	for _, mt := range methods {
		f.method(mt)
	}
}

// gentype names the gentype client (or constructor) with base name base
// that fits, and its type arguments.
func (f *typedFile) gentype(base string, list, apply bool) (string, string) {
	name := base
	switch {
	case list && apply:
		name += "WithListAndApply"
	case list:
		name += "WithList"
	case apply:
		name += "WithApply"
	}
	g := f.Qual(gentypePkg, name)
	t := f.self()
	args := "*" + f.R(t)
	if list {
		args += ", *" + f.R(t) + "List"
	}
	if apply {
		args += ", *" + f.applyConfig(t)
	}
	return g, args
}

// request writes the chain that builds a request, from its verb call to
// Into(result); steps go between Resource and VersionedParams.
func (f *typedFile) request(start string, steps []string, params string, tail ...string) {
	f.Printf("\terr = %s.\n", start)
	if f.p.PrefersProtobuf {
		f.Printf("\t\tUseProtobufAsDefault().\n")
	}
	if !f.k.tags.nonNamespaced {
		f.Printf("\t\tNamespace(c.GetNamespace()).\n")
	}
	f.Printf("\t\tResource(\"%s\").\n", f.k.resource)
	for _, s := range steps {
		f.Printf("\t\t%s.\n", s)
	}
	f.Printf("\t\tVersionedParams(%s, %s).\n", params, f.codec())
	for _, s := range tail {
		f.Printf("\t\t%s.\n", s)
	}
	f.Printf("\t\tDo(ctx).\n\t\tInto(result)\n\treturn\n}\n")
}

// method writes the body of a +genclient:method.
func (f *typedFile) method(mt method) {
	t := f.self()
	in, out := f.operands(mt)
	V, pp, sub := mt.Name, f.privatePlural(), mt.Subresource != ""
	tp, ip, rp := private(t), private(in), private(out)
	subSteps := []string{"Name(" + tp + "Name)", sprintf("SubResource(\"%s\")", mt.Subresource)}
	switch mt.Verb {
	case "get":
		if sub {
			f.Printf("\n// %s takes name of the %s, and returns the corresponding %s object, and an error if there is any.\n", V, tp, f.R(out))
			f.Printf("func (c *%s) %s(ctx %s, %sName string, options %s) (result *%s, err error) {\n", pp, V, f.ctx(), tp, f.meta("GetOptions"), f.R(out))
			f.Printf("\tresult = &%s{}\n", f.R(out))
			f.request("c.GetClient().Get()", subSteps, "&options")
			return
		}
		f.Printf("\n// %s takes name of the %s, and returns the corresponding %s object, and an error if there is any.\n", V, tp, rp)
		f.Printf("func (c *%s) %s(ctx %s, name string, options %s) (result *%s, err error) {\n", pp, V, f.ctx(), f.meta("GetOptions"), f.R(out))
		f.Printf("\tresult = &%s{}\n", f.R(out))
		f.request("c.GetClient().Get()", []string{"Name(name)"}, "&options")
	case "list":
		if sub {
			f.Printf("\n// %s takes %s name, label and field selectors, and returns the list of %s that match those selectors.\n", V, f.R(t), f.p.plural.publicName(out.name))
			f.Printf("func (c *%s) %s(ctx %s, %sName string, opts %s) (result *%sList, err error) {\n", pp, V, f.ctx(), tp, f.meta("ListOptions"), f.R(out))
		} else {
			f.Printf("\n// %s takes label and field selectors, and returns the list of %s that match those selectors.\n", V, f.p.plural.publicName(out.name))
			f.Printf("func (c *%s) %s(ctx %s, opts %s) (result *%sList, err error) {\n", pp, V, f.ctx(), f.meta("ListOptions"), f.R(out))
		}
		d := f.Qual("time", "Duration")
		f.Printf("\tvar timeout %s\n\tif opts.TimeoutSeconds != nil {\n\t\ttimeout = %s(*opts.TimeoutSeconds) * %s\n\t}\n", d, d, f.Qual("time", "Second"))
		f.Printf("\tresult = &%sList{}\n", f.R(out))
		var steps []string
		if sub {
			steps = subSteps
		}
		f.request("c.GetClient().Get()", steps, "&opts", "Timeout(timeout)")
	case "create", "update":
		what, call, opts := "creates it.  Returns", "c.GetClient().Post()", "CreateOptions"
		if mt.Verb == "update" {
			what, call, opts = "updates it. Returns", "c.GetClient().Put()", "UpdateOptions"
		}
		if sub {
			top := ""
			if mt.Verb == "update" {
				top = "the top resource name and "
			}
			f.Printf("\n// %s takes %sthe representation of a %s and %s the server's representation of the %s, and an error, if there is any.\n", V, top, ip, what, rp)
			f.Printf("func (c *%s) %s(ctx %s, %sName string, %s *%s, opts %s) (result *%s, err error) {\n", pp, V, f.ctx(), tp, ip, f.R(in), f.meta(opts), f.R(out))
			f.Printf("\tresult = &%s{}\n", f.R(out))
			f.request(call, subSteps, "&opts", "Body("+ip+")")
			return
		}
		f.Printf("\n// %s takes the representation of a %s and %s the server's representation of the %s, and an error, if there is any.\n", V, ip, what, rp)
		f.Printf("func (c *%s) %s(ctx %s, %s *%s, opts %s) (result *%s, err error) {\n", pp, V, f.ctx(), ip, f.R(in), f.meta(opts), f.R(out))
		f.Printf("\tresult = &%s{}\n", f.R(out))
		var steps []string
		if mt.Verb == "update" {
			steps = []string{"Name(" + ip + ".Name)"}
		}
		f.request(call, steps, "&opts", "Body("+ip+")")
	case "patch":
		f.Printf("\n// %s applies the patch and returns the patched %s.\n", V, rp)
		f.Printf("func (c *%s) %s(ctx %s, name string, pt %s, data []byte, opts %s, subresources ...string) (result *%s, err error) {\n",
			pp, V, f.ctx(), f.Qual(apiTypesPkg, "PatchType"), f.meta("PatchOptions"), f.R(out))
		f.Printf("\tresult = &%s{}\n", f.R(out))
		f.request("c.GetClient().Patch(pt)", []string{"Name(name)", "SubResource(subresources...)"}, "&opts", "Body(data)")
	case "apply":
		errorf := f.applyHead(pp, mt, in, out)
		f.Printf("\tpatchOpts := opts.ToPatchOptions()\n")
		if !sub {
			f.Printf("\tname := %s.Name\n\tif name == nil {\n\t\treturn nil, %s(\"%s.Name must be provided to %s\")\n\t}\n", ip, errorf, ip, V)
		}
		f.Printf("\trequest, err := %s(c.GetClient(), %s)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", f.Qual(applyPkg, "NewRequest"), ip)
		if sub {
			f.Printf("\n")
		}
		f.Printf("\tresult = &%s{}\n", f.R(out))
		steps := []string{"Name(*name)"}
		if sub {
			steps = subSteps
		}
		f.request("request", steps, "&patchOpts")
	}
}

// applyHead writes the doc comment and signature of the Apply method mt
// on the client type recv, and its check that the configuration is given.
// It returns fmt.Errorf as the file names it.
func (f *typedFile) applyHead(recv string, mt method, in, out operand) (errorf string) {
	V, sub := mt.Name, mt.Subresource != ""
	tp, ip, rp := private(f.self()), private(in), private(out)
	if sub {
		f.Printf("\n// %s takes top resource name and the apply declarative configuration for %s,\n// applies it and returns the applied %s, and an error, if there is any.\n", V, mt.Subresource, rp)
		f.Printf("func (c *%s) %s(ctx %s, %sName string, %s *%s, opts %s) (result *%s, err error) {\n", recv, V, f.ctx(), tp, ip, f.applyConfig(in), f.meta("ApplyOptions"), f.R(out))
	} else {
		f.Printf("\n// %s takes the given apply declarative configuration, applies it and returns the applied %s.\n", V, rp)
		f.Printf("func (c *%s) %s(ctx %s, %s *%s, opts %s) (result *%s, err error) {\n", recv, V, f.ctx(), ip, f.applyConfig(in), f.meta("ApplyOptions"), f.R(out))
	}
	errorf = f.Qual("fmt", "Errorf")
	f.Printf("\tif %s == nil {\n\t\treturn nil, %s(\"%s provided to %s must not be nil\")\n\t}\n", ip, errorf, ip, V)
	return errorf
}

// groupClient writes the client of a group version.
func (p *plan) groupClient(v *version) *output.GoFile {
	e := output.NewGoFile(p.typedPkg(v))
	if p.anyClient {
		p.writeGroupClient(e, v)
	}
	return p.finish(e, strings.ToLower(genclient.NonEmptyVersion(v.version)))
}

func (p *plan) writeGroupClient(e *output.GoFile, v *version) {
	X := v.prefix()
	rest := func(n string) string { return e.Qual(restPkg, n) }
	e.Printf("\ntype %sInterface interface {\n\tRESTClient() %s\n", X, rest("Interface"))
	for _, k := range v.kinds {
		e.Printf("\t%sGetter\n", p.plural.publicName(k.name))
	}
	e.Printf("}\n")
	e.Printf("\n// %sClient is used to interact with features provided by the %s group.\ntype %sClient struct {\n\trestClient %s\n}\n", X, v.ownGroup(), X, rest("Interface"))
	for _, k := range v.kinds {
		PP, P := p.plural.publicName(k.name), namer.IC(k.name.Name)
		if k.tags.nonNamespaced {
			e.Printf("\nfunc (c *%sClient) %s() %sInterface {\n\treturn new%s(c)\n}\n", X, PP, P, PP)
		} else {
			e.Printf("\nfunc (c *%sClient) %s(namespace string) %sInterface {\n\treturn new%s(c, namespace)\n}\n", X, PP, P, PP)
		}
	}
	e.Printf("\n// NewForConfig creates a new %sClient for the given config.\n", X)
	e.Printf("// NewForConfig is equivalent to NewForConfigAndClient(c, httpClient),\n// where httpClient was generated with rest.HTTPClientFor(c).\n")
	e.Printf("func NewForConfig(c *%s) (*%sClient, error) {\n", rest("Config"), X)
	e.Printf("\tconfig := *c\n\tsetConfigDefaults(&config)\n\thttpClient, err := %s(&config)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", rest("HTTPClientFor"))
	e.Printf("\treturn NewForConfigAndClient(&config, httpClient)\n}\n")

	e.Printf("\n// NewForConfigAndClient creates a new %sClient for the given config and http client.\n", X)
	e.Printf("// Note the http client provided takes precedence over the configured transport values.\n")
	e.Printf("func NewForConfigAndClient(c *%s, h *%s) (*%sClient, error) {\n", rest("Config"), e.Qual("net/http", "Client"), X)
	e.Printf("\tconfig := *c\n\tsetConfigDefaults(&config)\n\tclient, err := %s(&config, h)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", rest("RESTClientForConfigAndClient"))
	e.Printf("\treturn &%sClient{client}, nil\n}\n", X)

	e.Printf("\n// NewForConfigOrDie creates a new %sClient for the given config and\n// panics if there is an error in the config.\n", X)
	e.Printf("func NewForConfigOrDie(c *%s) *%sClient {\n\tclient, err := NewForConfig(c)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn client\n}\n", rest("Config"), X)

	e.Printf("\n// New creates a new %sClient for the given RESTClient.\nfunc New(c %s) *%sClient {\n\treturn &%sClient{c}\n}\n", X, rest("Interface"), X, X)

	apiPath := "\"" + p.APIPath + "\""
	if v.ownGroup() == "" {
		apiPath = `"/api"`
	}
	scheme := p.schemePkg()
	e.Printf("\nfunc setConfigDefaults(config *%s) {\n", rest("Config"))
	if v.version == "" {
		e.Printf("\tconfig.APIPath = %s\n", apiPath)
		e.Printf("\tif config.UserAgent == \"\" {\n\t\tconfig.UserAgent = %s()\n\t}\n", rest("DefaultKubernetesUserAgent"))
		prioritized := e.Qual(scheme, "Scheme.PrioritizedVersionsForGroup")
		e.Printf("\tif config.GroupVersion == nil || config.GroupVersion.Group != %s(\"%s\")[0].Group {\n", prioritized, v.ownGroup())
		e.Printf("\t\tgv := %s(\"%s\")[0]\n\t\tconfig.GroupVersion = &gv\n\t}\n", prioritized, v.ownGroup())
		e.Printf("\tconfig.NegotiatedSerializer = %s(%s, %s)\n", rest("CodecFactoryForGeneratedClient"), e.Qual(scheme, "Scheme"), e.Qual(scheme, "Codecs"))
		e.Printf("\n\tif config.QPS == 0 {\n\t\tconfig.QPS = 5\n\t}\n\tif config.Burst == 0 {\n\t\tconfig.Burst = 10\n\t}\n}\n")
	} else {
		e.Printf("\tgv := %s\n\tconfig.GroupVersion = &gv\n\tconfig.APIPath = %s\n", e.Qual(v.pkg.Path, "SchemeGroupVersion"), apiPath)
		e.Printf("\tconfig.NegotiatedSerializer = %s(%s, %s).WithoutConversion()\n", rest("CodecFactoryForGeneratedClient"), e.Qual(scheme, "Scheme"), e.Qual(scheme, "Codecs"))
		e.Printf("\n\tif config.UserAgent == \"\" {\n\t\tconfig.UserAgent = %s()\n\t}\n}\n", rest("DefaultKubernetesUserAgent"))
	}

	e.Printf("\n// RESTClient returns a RESTClient that is used to communicate\n// with API server by this client implementation.\n")
	e.Printf("func (c *%sClient) RESTClient() %s {\n\tif c == nil {\n\t\treturn nil\n\t}\n\treturn c.restClient\n}\n", X, rest("Interface"))
}

// expansions declares an empty expansion interface for each type whose
// package has no hand-written <type>_expansion.go.
func (p *plan) expansions(v *version, dir string) *output.GoFile {
	e := output.NewGoFile(p.typedPkg(v))
	// Upstream writes them while generating for the first type, so not at
	// all when --included-types-overrides put a type without +genclient
	// first.
	if len(v.kinds) == 0 || !v.kinds[0].generate {
		return p.finish(e, strings.ToLower(genclient.NonEmptyVersion(v.version)))
	}
	for _, k := range v.kinds {
		if _, err := os.Stat(filepath.Join(dir, strings.ToLower(k.name.Name+"_expansion.go"))); os.IsNotExist(err) {
			e.Printf("\ntype %sExpansion interface{}\n", namer.IC(k.name.Name))
		}
	}
	return p.finish(e, strings.ToLower(genclient.NonEmptyVersion(v.version)))
}
