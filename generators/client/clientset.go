package client

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"k8s.io/gengo/v2/namer"

	"github.com/apigen-dev/apigen/output"
)

// field is the clientset's field for a group version: coreV1.
func (v *version) field() string { return namer.IL(v.goName) + v.Version() }

// clientset writes clientset.go: a client per group version, and
// discovery.
func (p *plan) clientset() *output.GoFile {
	e := output.NewGoFile(p.clientsetPkg)
	vs := p.versions()
	for _, v := range vs {
		e.Import(v.alias() + ` "` + p.typedPkg(v) + `"`)
	}
	e.Printf("\ntype Interface interface {\n\tDiscovery() %s\n", e.Qual(discoveryPkg, "DiscoveryInterfaces"))
	for _, v := range vs {
		e.Printf("\t%s() %s.%sInterface\n", v.prefix(), v.alias(), v.prefix())
	}
	e.Printf("}\n\n// Clientset contains the clients for groups.\ntype Clientset struct {\n\t*%s\n", e.Qual(discoveryPkg, "DiscoveryClient"))
	for _, v := range vs {
		e.Printf("\t%s *%s.%sClient\n", v.field(), v.alias(), v.prefix())
	}
	e.Printf("}\n")
	for _, v := range vs {
		e.Printf("\n// %s retrieves the %sClient\nfunc (c *Clientset) %s() %s.%sInterface {\n\treturn c.%s\n}\n",
			v.prefix(), v.prefix(), v.prefix(), v.alias(), v.prefix(), v.field())
	}
	e.Printf("\n// Discovery retrieves the DiscoveryClient\nfunc (c *Clientset) Discovery() %s {\n\tif c == nil {\n\t\treturn nil\n\t}\n\treturn c.DiscoveryClient\n}\n",
		e.Qual(discoveryPkg, "DiscoveryInterfaces"))

	config := func() string { return e.Qual(restPkg, "Config") }
	e.Printf(`
// NewForConfig creates a new Clientset for the given config.
// If config's RateLimiter is not set and QPS and Burst are acceptable,
// NewForConfig will generate a rate-limiter in configShallowCopy.
// NewForConfig is equivalent to NewForConfigAndClient(c, httpClient),
// where httpClient was generated with rest.HTTPClientFor(c).
func NewForConfig(c *%s) (*Clientset, error) {
	configShallowCopy := *c

	if configShallowCopy.UserAgent == "" {
		configShallowCopy.UserAgent = %s()
	}

	// share the transport between all clients
	httpClient, err := %s(&configShallowCopy)
	if err != nil {
		return nil, err
	}

	return NewForConfigAndClient(&configShallowCopy, httpClient)
}
`, config(), e.Qual(restPkg, "DefaultKubernetesUserAgent"), e.Qual(restPkg, "HTTPClientFor"))

	e.Printf(`
// NewForConfigAndClient creates a new Clientset for the given config and http client.
// Note the http client provided takes precedence over the configured transport values.
// If config's RateLimiter is not set and QPS and Burst are acceptable,
// NewForConfigAndClient will generate a rate-limiter in configShallowCopy.
func NewForConfigAndClient(c *%s, httpClient *%s) (*Clientset, error) {
	configShallowCopy := *c
	if configShallowCopy.RateLimiter == nil && configShallowCopy.QPS > 0 {
		if configShallowCopy.Burst <= 0 {
			return nil, %s("burst is required to be greater than 0 when RateLimiter is not set and QPS is set to greater than 0")
		}
		configShallowCopy.RateLimiter = %s(configShallowCopy.QPS, configShallowCopy.Burst)
	}

	var cs Clientset
	var err error
`, config(), e.Qual("net/http", "Client"), e.Qual("fmt", "Errorf"), e.Qual(flowcontrolPkg, "NewTokenBucketRateLimiter"))
	for _, v := range vs {
		e.Printf("\tcs.%s, err = %s.NewForConfigAndClient(&configShallowCopy, httpClient)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", v.field(), v.alias())
	}
	e.Printf("\n\tcs.DiscoveryClient, err = %s(&configShallowCopy, httpClient)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn &cs, nil\n}\n",
		e.Qual(discoveryPkg, "NewDiscoveryClientForConfigAndClient"))

	e.Printf(`
// NewForConfigOrDie creates a new Clientset for the given config and
// panics if there is an error in the config.
func NewForConfigOrDie(c *%s) *Clientset {
	cs, err := NewForConfig(c)
	if err != nil {
		panic(err)
	}
	return cs
}
`, config())

	e.Printf("\n// New creates a new Clientset for the given RESTClient.\nfunc New(c %s) *Clientset {\n\tvar cs Clientset\n", e.Qual(restPkg, "Interface"))
	for _, v := range vs {
		e.Printf("\tcs.%s = %s.New(c)\n", v.field(), v.alias())
	}
	e.Printf("\n\tcs.DiscoveryClient = %s(c)\n\treturn &cs\n}\n", e.Qual(discoveryPkg, "NewDiscoveryClient"))
	return p.finish(e, p.ClientsetName)
}

// internal reports whether some input is an internal version: such a
// clientset's scheme installs whole groups.
func (p *plan) internal() bool {
	for _, v := range p.versions() {
		if v.version == "" {
			return true
		}
	}
	return false
}

// scheme writes the register.go of the clientset's scheme package or,
// when fake, of the fake clientset, whose scheme is private. dir is where
// a hand-written register_custom.go may add to the scheme; "" for none.
func (p *plan) scheme(fake bool, dir string) *output.GoFile {
	pkgName := "scheme"
	local := p.schemePkg()
	if fake {
		// Upstream names the fake's imports as if it were the clientset.
		pkgName, local = "fake", p.clientsetPkg
	}
	e := output.NewGoFile(local)
	install := p.internal() && !fake
	for _, gr := range p.groups {
		for _, v := range gr.versions {
			if install {
				// An internal clientset installs each group once, through
				// the install package beside its versions.
				pkg := v.pkg.Path
				if v.version != "" {
					pkg = path.Dir(pkg)
				}
				e.Import(strings.ToLower(v.goName) + ` "` + path.Join(pkg, "install") + `"`)
				break
			}
			e.Import(v.alias() + ` "` + v.pkg.Path + `"`)
		}
	}
	custom := false
	if dir != "" {
		_, err := os.Stat(filepath.Join(dir, "register_custom.go"))
		custom = err == nil
	}

	S, C := "Scheme", "Codecs"
	if fake {
		S, C = "scheme", "codecs"
	}
	e.Printf("\nvar %s = %s()\nvar %s = %s(%s)\n", S, e.Qual(runtimePkg, "NewScheme"), C, e.Qual(serializerPkg, "NewCodecFactory"), S)
	if !fake {
		e.Printf("var ParameterCodec = %s(%s)\n", e.Qual(runtimePkg, "NewParameterCodec"), S)
	} else {
		e.Printf("\n")
	}
	if install {
		e.Printf("\nfunc init() {\n\t%s(%s, %s{Version: \"v1\"})\n\tInstall(%s)\n}\n", e.Qual(metav1Pkg, "AddToGroupVersion"), S, e.Qual(schemaPkg, "GroupVersion"), S)
		e.Printf("\n// Install registers the API group and adds types to a scheme\nfunc Install(scheme *%s) {\n", e.Qual(runtimePkg, "Scheme"))
		for _, gr := range p.groups {
			e.Printf("\t%s.Install(scheme)\n", strings.ToLower(installGoName(gr)))
		}
		if custom {
			e.Printf("\n\tExtraInstall(scheme)\n")
		}
		e.Printf("}\n")
		return p.finish(e, pkgName)
	}
	e.Printf("var localSchemeBuilder = %s{\n", e.Qual(runtimePkg, "SchemeBuilder"))
	for _, v := range p.versions() {
		e.Printf("\t%s.AddToScheme,\n", v.alias())
	}
	if custom {
		e.Printf("\n\tExtraAddToScheme,\n")
	}
	e.Printf("}\n")
	e.Printf(`
// AddToScheme adds all types of this clientset into the given scheme. This allows composition
// of clientsets, like in:
//
//	import (
//	  "k8s.io/client-go/kubernetes"
//	  clientsetscheme "k8s.io/client-go/kubernetes/scheme"
//	  aggregatorclientsetscheme "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset/scheme"
//	)
//
//	kclientset, _ := kubernetes.NewForConfig(c)
//	_ = aggregatorclientsetscheme.AddToScheme(clientsetscheme.Scheme)
//
// After this, RawExtensions in Kubernetes types will serialize kube-aggregator types
// correctly.
var AddToScheme = localSchemeBuilder.AddToScheme

func init() {
	%s(%s, %s{Version: "v1"})
	%s(AddToScheme(%s))
}
`, e.Qual(metav1Pkg, "AddToGroupVersion"), S, e.Qual(schemaPkg, "GroupVersion"), e.Qual(utilRuntimePkg, "Must"), S)
	return p.finish(e, pkgName)
}

// installGoName is the Go name of a group's default version, whose
// install package an internal clientset's scheme calls.
func installGoName(gr *group) string {
	names := make([]string, len(gr.versions))
	for i, v := range gr.versions {
		names[i] = v.version
	}
	sort.Sort(byStability(names))
	def := names[len(names)-1]
	for _, v := range gr.versions {
		if v.version == def {
			return v.goName
		}
	}
	return gr.versions[0].goName
}

// byStability orders versions as upstream picks a group's default
// version: alphas, then betas, then stable versions, each by major version
// compared as text.
type byStability []string

func (s byStability) Len() int      { return len(s) }
func (s byStability) Swap(i, j int) { s[i], s[j] = s[j], s[i] }
func (s byStability) Less(i, j int) bool {
	ai, aj := strings.TrimLeft(s[i], "v"), strings.TrimLeft(s[j], "v")
	mi, mj := leadingDigits(ai), leadingDigits(aj)
	ri, rj := strings.TrimLeft(ai, mi), strings.TrimLeft(aj, mj)
	switch {
	case ri == "" && rj == "":
		return mi < mj
	case ri == "":
		return false
	case rj == "":
		return true
	case mi != mj:
		return mi < mj
	}
	return strings.Contains(ri, "alpha")
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// fakeClientset writes the fake clientset, on an object tracker.
func (p *plan) fakeClientset() *output.GoFile {
	e := output.NewGoFile(p.clientsetPkg)
	vs := p.versions()
	for _, v := range vs {
		typed := p.typedPkg(v)
		e.Import(v.alias()+` "`+typed+`"`, "fake"+v.alias()+` "`+typed+`/fake"`)
	}
	e.Import(`clientset "`+p.clientsetPkg+`"`,
		testingPkg, discoveryPkg, `fakediscovery "k8s.io/client-go/discovery/fake"`,
		runtimePkg, watchPkg, `metav1 "`+metav1Pkg+`"`)

	const reactors = `	for _, obj := range objects {
		if err := o.Add(obj); err != nil {
			panic(err)
		}
	}

	cs := &Clientset{tracker: o}
	cs.discovery = &fakediscovery.FakeDiscovery{Fake: &cs.Fake}
	cs.AddReactor("*", "*", testing.ObjectReaction(o))
	cs.AddWatchReactor("*", func(action testing.Action) (handled bool, ret watch.Interface, err error) {
		var opts metav1.ListOptions
		if watchAction, ok := action.(testing.WatchActionImpl); ok {
			opts = watchAction.ListOptions
		}
		gvr := action.GetResource()
		ns := action.GetNamespace()
		watch, err := o.Watch(gvr, ns, opts)
		if err != nil {
			return false, nil, err
		}
		return true, watch, nil
	})

	return cs
}
`
	e.Printf(`
// NewSimpleClientset returns a clientset that will respond with the provided objects.
// It's backed by a very simple object tracker that processes creates, updates and deletions as-is,
// without applying any field management, validations and/or defaults. It shouldn't be considered a replacement
// for a real clientset and is mostly useful in simple unit tests.
func NewSimpleClientset(objects ...runtime.Object) *Clientset {
	o := testing.NewObjectTracker(scheme, codecs.UniversalDecoder())
%s
// Clientset implements clientset.Interface. Meant to be embedded into a
// struct to get a default implementation. This makes faking out just the method
// you want to test easier.
type Clientset struct {
	testing.Fake
	discovery *fakediscovery.FakeDiscovery
	tracker   testing.ObjectTracker
}

func (c *Clientset) Discovery() discovery.DiscoveryInterfaces {
	return c.discovery
}

func (c *Clientset) Tracker() testing.ObjectTracker {
	return c.tracker
}

// IsWatchListSemanticsUnSupported informs the reflector that this client
// doesn't support WatchList semantics.
//
// This is a synthetic method whose sole purpose is to satisfy the optional
// interface check performed by the reflector.
// Returning true signals that WatchList can NOT be used.
// No additional logic is implemented here.
func (c *Clientset) IsWatchListSemanticsUnSupported() bool {
	return true
}
`, reactors)
	if p.ApplyConfigurations != "" {
		e.Printf(`
// NewClientset returns a clientset that will respond with the provided objects.
// It's backed by a very simple object tracker that processes creates, updates and deletions as-is,
// without applying any validations and/or defaults. It shouldn't be considered a replacement
// for a real clientset and is mostly useful in simple unit tests.
//
// Compared to NewSimpleClientset, the Clientset returned here supports field tracking and thus
// server-side apply. Beware though that support in that for CRDs is missing
// (https://github.com/kubernetes/kubernetes/issues/126850).
func NewClientset(objects ...runtime.Object) *Clientset {
	o := testing.NewFieldManagedObjectTracker(
		scheme,
		codecs.UniversalDecoder(),
		%s(scheme),
	)
%s`, e.Qual(p.ApplyConfigurations, "NewTypeConverter"), reactors)
	}
	e.Printf("\nvar (\n\t_ clientset.Interface = &Clientset{}\n\t_ testing.FakeClient  = &Clientset{}\n)\n")
	for _, v := range vs {
		e.Printf("\n// %s retrieves the %sClient\nfunc (c *Clientset) %s() %s.%sInterface {\n\treturn &fake%s.Fake%s{Fake: &c.Fake}\n}\n",
			v.prefix(), v.prefix(), v.prefix(), v.alias(), v.prefix(), v.alias(), v.prefix())
	}
	return p.finish(e, "fake")
}
