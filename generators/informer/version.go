package informer

import (
	"path"
	"path/filepath"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/output"
)

// Packages and names the generated informers refer to.
const (
	cachePkg    = "k8s.io/client-go/tools/cache"
	metaPkg     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtimePkg  = "k8s.io/apimachinery/pkg/runtime"
	schemaPkg   = "k8s.io/apimachinery/pkg/runtime/schema"
	watchPkg    = "k8s.io/apimachinery/pkg/watch"
	waitPkg     = "k8s.io/apimachinery/pkg/util/wait"
	interfaces  = "internalinterfaces"
	versionFile = "interface.go"
)

func cache(name string) types.Name    { return types.Name{Package: cachePkg, Name: name} }
func meta(name string) types.Name     { return types.Name{Package: metaPkg, Name: name} }
func std(pkg, name string) types.Name { return types.Name{Package: pkg, Name: name} }

// versionFiles writes the informers of one input package and the
// interface that hands them out.
func (g *Generator) versionFiles(fs *fileSet, vt *versionTarget) {
	tn := genclient.NewNamers(g.PluralExceptions)
	ifaces := path.Join(vt.base.pkg, interfaces)
	pos := vt.api.Tags[vt.types[0]].Pos
	pkgName := strings.ToLower(genclient.NonEmptyVersion(vt.gv.version))

	f := output.NewGoFile(vt.pkg)
	f.Printf("// Interface provides access to all the informers in this group version.\n")
	f.Printf("type Interface interface {\n")
	for _, t := range vt.types {
		pub, plural := tn.Public.Name(t), tn.Plural.Name(t)
		f.Printf("// %s returns a %sInformer.\n%s() Typed%sInformer\n", plural, pub, plural, pub)
	}
	f.Printf("}\n\n")
	factory := f.Ref(types.Name{Package: ifaces, Name: "SharedInformerFactory"})
	tweak := f.Ref(types.Name{Package: ifaces, Name: "TweakListOptionsFunc"})
	f.Printf("type version struct {\nfactory %s\nnamespace string\ntweakListOptions %s\n}\n\n", factory, tweak)
	f.Printf("// New returns a new Interface.\n")
	f.Printf("func New(f %s, namespace string, tweakListOptions %s) Interface {\n", factory, tweak)
	f.Printf("return &version{factory: f, namespace: namespace, tweakListOptions: tweakListOptions}\n}\n")
	for _, t := range vt.types {
		pub, priv, plural := tn.Public.Name(t), tn.Private.Name(t), tn.Plural.Name(t)
		ns := ""
		if !vt.api.Tags[t].NonNamespaced {
			ns = ", namespace: v.namespace"
		}
		f.Printf("\n// %s returns a Typed%sInformer.\n", plural, pub)
		f.Printf("func (v *version) %s() Typed%sInformer {\n", plural, pub)
		f.Printf("return &%sInformer{factory: v.factory%s, tweakListOptions: v.tweakListOptions}\n}\n", priv, ns)
	}
	fs.add(filepath.Join(vt.dir, versionFile), pkgName, f, pos)

	for _, t := range vt.types {
		f := output.NewGoFile(vt.pkg)
		g.writeInformer(f, tn, vt, t)
		fs.add(filepath.Join(vt.dir, strings.ToLower(t.Name.Name)+".go"), pkgName, f, vt.api.Tags[t].Pos)
	}
}

// writeInformer writes the informer of type t. Names are taken in the
// order upstream's output first mentions them: it decides which of two
// packages with the same last elements (the API package and the listers
// package) keeps the short import name.
func (g *Generator) writeInformer(f *output.GoFile, tn genclient.Namers, vt *versionTarget, t *types.Type) {
	pub, priv, plural := tn.Public.Name(t), tn.Private.Name(t), tn.Plural.Name(t)
	namespaced := !vt.api.Tags[t].NonNamespaced
	listers := g.Listers + "/" + vt.groupPkg + "/" + strings.ToLower(genclient.NonEmptyVersion(vt.gv.version))
	ifaces := path.Join(vt.base.pkg, interfaces)
	iface := func(name string) string { return f.Ref(types.Name{Package: ifaces, Name: name}) }

	// In the generated code, "ns" declares a namespace parameter and
	// "nsArg" passes it on; both are empty for cluster-scoped types.
	ns, nsArg := "", ""
	if namespaced {
		ns, nsArg = ", namespace string", ", namespace"
	}

	indexInformer := f.Ref(cache("SharedIndexInformer"))
	lister := f.Ref(types.Name{Package: listers, Name: t.Name.Name + "Lister"})
	f.Printf("// %sInformer provides access to a shared informer and lister for\n", pub)
	f.Printf("// %s. Prefer using the type-safe variant (see [Typed%sInformer]).\n", plural, pub)
	f.Printf("type %sInformer interface {\nInformer() %s\nLister() %s\n}\n\n", pub, indexInformer, lister)
	f.Printf("// Typed%sInformer provides access to a shared informer and lister for\n", pub)
	f.Printf("// %s, including the type-safe TypedInformer variant.\n", plural)
	f.Printf("// It is a superset of %sInformer.\n", pub)
	f.Printf("type Typed%sInformer interface {\nInformer() %s\nTypedInformer() %sIndexInformer\nLister() %s\n}\n\n", pub, indexInformer, pub, lister)

	typedIndexInformer := f.Ref(cache("TypedSharedIndexInformer"))
	obj := f.Ref(t.Name)
	f.Printf("// %sIndexInformer is a wrapper around the underlying [%s]\n", pub, indexInformer)
	f.Printf("// with type-safe variants of several methods.\n")
	f.Printf("type %sIndexInformer %s[*%s]\n\n", pub, typedIndexInformer, obj)
	for _, alias := range []struct{ local, cacheName string }{
		{pub + "HandlerFuncs", "TypedResourceEventHandlerFuncs"},
		{pub + "DetailedHandlerFuncs", "TypedResourceEventHandlerDetailedFuncs"},
		{pub + "FilteringHandler", "TypedFilteringResourceEventHandler"},
		{pub + "Indexers", "TypedIndexers"},
		{"Deleted" + pub, "DeletedObject"},
	} {
		generic := f.Ref(cache(alias.cacheName))
		f.Printf("// %s is a specialization of [%s] for %s.\n", alias.local, generic, pub)
		f.Printf("type %s = %s[*%s]\n\n", alias.local, generic, obj)
	}

	factory, tweak := iface("SharedInformerFactory"), iface("TweakListOptionsFunc")
	f.Printf("type %sInformer struct {\nfactory %s\ntweakListOptions %s\n", priv, factory, tweak)
	if namespaced {
		f.Printf("namespace string\n")
	}
	f.Printf("}\n\n")

	const (
		prefer      = "// Always prefer using an informer factory to get a shared informer instead of getting an independent\n// one. This reduces memory footprint and number of connections to the server.\n"
		preferTyped = "// If you really need an independent one, prefer using the type-safe variant (see [%s]).\n"
	)
	client := f.Ref(types.Name{Package: vt.base.clientset, Name: "Interface"})
	duration := f.Ref(std("time", "Duration"))
	indexers := f.Ref(cache("Indexers"))
	options := iface("InformerOptions")
	constructor := func(name, params, result, body string) {
		f.Printf("// %s constructs a new informer for %s type.\n", name, pub)
		f.Printf(prefer)
		if strings.HasPrefix(name, "New") && !strings.HasPrefix(name, "NewTyped") {
			f.Printf(preferTyped, "NewTyped"+strings.TrimPrefix(name, "New"))
		}
		f.Printf("func %s(client %s%s, %s) %s {\n%s\n}\n\n", name, client, ns, params, result, body)
	}
	constructor("New"+pub+"Informer", "resyncPeriod "+duration+", indexers "+indexers, indexInformer,
		"return New"+pub+"InformerWithOptions(client"+nsArg+", "+options+"{ResyncPeriod: resyncPeriod, Indexers: indexers})")
	toIndexers := f.Ref(cache("TypedIndexersToIndexers"))
	constructor("NewTyped"+pub+"Informer", "resyncPeriod "+duration+", indexers "+pub+"Indexers", pub+"IndexInformer",
		"return NewTyped"+pub+"InformerWithOptions(client"+nsArg+", "+options+"{ResyncPeriod: resyncPeriod, Indexers: "+toIndexers+"(indexers)})")
	constructor("NewFiltered"+pub+"Informer", "resyncPeriod "+duration+", indexers "+indexers+", tweakListOptions "+tweak, indexInformer,
		"return NewTyped"+pub+"InformerWithOptions(client"+nsArg+", "+options+"{ResyncPeriod: resyncPeriod, Indexers: indexers, TweakListOptions: tweakListOptions})")
	constructor("NewTypedFiltered"+pub+"Informer", "resyncPeriod "+duration+", indexers "+pub+"Indexers, tweakListOptions "+tweak, pub+"IndexInformer",
		"return NewTyped"+pub+"InformerWithOptions(client"+nsArg+", "+options+"{ResyncPeriod: resyncPeriod, Indexers: "+toIndexers+"(indexers), TweakListOptions: tweakListOptions})")

	withOptions := func(name string) {
		f.Printf("// %s constructs a new informer for %s type with additional options.\n", name, pub)
		f.Printf(prefer)
		if !strings.HasPrefix(name, "NewTyped") {
			f.Printf(preferTyped, "NewTyped"+strings.TrimPrefix(name, "New"))
		}
	}
	withOptions("New" + pub + "InformerWithOptions")
	f.Printf("func New%sInformerWithOptions(client %s%s, options %s) %s {\n", pub, client, ns, options, indexInformer)
	f.Printf("return NewTyped%sInformerWithOptions(client%s, options)\n}\n\n", pub, nsArg)

	withOptions("NewTyped" + pub + "InformerWithOptions")
	f.Printf("func NewTyped%sInformerWithOptions(client %s%s, options %s) %sIndexInformer {\n", pub, client, ns, options, pub)
	gvr := f.Ref(std(schemaPkg, "GroupVersionResource"))
	f.Printf("gvr := %s{Group: %q, Version: %q, Resource: %q}\n", gvr, vt.gv.group, vt.gv.version, strings.ToLower(t.Name.Name)+"s")
	f.Printf("identifier := options.InformerName.WithResource(gvr)\n")
	f.Printf("tweakListOptions := options.TweakListOptions\n")
	newTyped := f.Ref(cache("NewTypedSharedIndexInformer"))
	f.Printf("return %s[*%s](%s(\n", newTyped, obj, f.Ref(cache("NewSharedIndexInformerWithOptions")))
	f.Printf("%s(&%s{\n", f.Ref(cache("ToListWatcherWithWatchListSemantics")), f.Ref(cache("ListWatch")))
	call := "client." + namer.IC(vt.groupGo) + namer.IC(vt.gv.version) + "()." + plural + "(" + strings.TrimPrefix(nsArg, ", ") + ")"
	listOptions := f.Ref(meta("ListOptions"))
	object := f.Ref(std(runtimePkg, "Object"))
	background := f.Ref(std("context", "Background"))
	watchIface := f.Ref(std(watchPkg, "Interface"))
	ctx := f.Ref(std("context", "Context"))
	for _, fn := range []struct{ field, ctxParam, result, verb, ctxArg string }{
		{"ListFunc", "", object, "List", background + "()"},
		{"WatchFunc", "", watchIface, "Watch", background + "()"},
		{"ListWithContextFunc", "ctx " + ctx + ", ", object, "List", "ctx"},
		{"WatchFuncWithContext", "ctx " + ctx + ", ", watchIface, "Watch", "ctx"},
	} {
		f.Printf("%s: func(%sopts %s) (%s, error) {\n", fn.field, fn.ctxParam, listOptions, fn.result)
		f.Printf("if tweakListOptions != nil {\ntweakListOptions(&opts)\n}\n")
		f.Printf("return %s.%s(%s, opts)\n},\n", call, fn.verb, fn.ctxArg)
	}
	f.Printf("}, client),\n&%s{},\n", obj)
	f.Printf("%s{\nResyncPeriod: options.ResyncPeriod,\nIndexers: options.Indexers,\nIdentifier: identifier,\n},\n))\n}\n\n", f.Ref(cache("SharedIndexInformerOptions")))

	fNs := ""
	if namespaced {
		fNs = ", f.namespace"
	}
	f.Printf("func (f *%sInformer) defaultInformer(client %s, resyncPeriod %s) %s {\n", priv, client, duration, indexInformer)
	f.Printf("return NewTyped%sInformerWithOptions(client%s, %s{ResyncPeriod: resyncPeriod, Indexers: %s{%s: %s}, InformerName: f.factory.InformerName(), TweakListOptions: f.tweakListOptions})\n}\n\n",
		pub, fNs, options, indexers, f.Ref(cache("NamespaceIndex")), f.Ref(cache("MetaNamespaceIndexFunc")))

	f.Printf("func (f *%sInformer) Informer() %s {\nreturn f.TypedInformer()\n}\n\n", priv, indexInformer)
	f.Printf("func (f *%sInformer) TypedInformer() %sIndexInformer {\n", priv, pub)
	f.Printf("return %s[*%s](f.factory.InformerFor(&%s{}, f.defaultInformer))\n}\n\n", newTyped, obj, obj)
	f.Printf("func (f *%sInformer) Lister() %s {\n", priv, lister)
	f.Printf("return %s(f.Informer().GetIndexer())\n}\n\n", f.Ref(types.Name{Package: listers, Name: "New" + t.Name.Name + "Lister"}))

	warning := func(target string) {
		f.Printf("//\n")
		f.Printf("// WARNING: this conversion is only safe if the informer handles objects of type\n")
		f.Printf("// *%s. If that is not the case, calling type-safe methods of the returned\n", pub)
		f.Printf("// %s leads to runtime panics. A safer alternative is to pass\n", target)
		f.Printf("// around a %s instances that was obtained from a\n", target)
		f.Printf("// SharedInformerFactory.\n")
	}
	f.Printf("// ToTyped%sInformer converts an untyped informer into a Typed%sInformer.\n", pub, pub)
	warning("Typed" + pub + "Informer")
	f.Printf("func ToTyped%sInformer(informer %sInformer) Typed%sInformer {\n", pub, pub, pub)
	f.Printf("if informer, ok := informer.(Typed%sInformer); ok {\nreturn informer\n}\n", pub)
	f.Printf("return &%sTypedInformerAdapter{informer}\n}\n\n", priv)
	f.Printf("type %sTypedInformerAdapter struct {\n%sInformer\n}\n\n", priv, pub)
	f.Printf("func (a *%sTypedInformerAdapter) TypedInformer() %sIndexInformer {\n", priv, pub)
	f.Printf("return %s[*%s](a.Informer())\n}\n\n", newTyped, obj)

	f.Printf("// To%sIndexInformer converts an untyped informer into a %sIndexInformer.\n", pub, pub)
	warning(pub + "IndexInformer")
	f.Printf("func To%sIndexInformer(informer %s) %sIndexInformer {\n", pub, indexInformer, pub)
	f.Printf("if informer, ok := informer.(%sIndexInformer); ok {\nreturn informer\n}\n", pub)
	f.Printf("return %s[*%s](informer)\n}\n", newTyped, obj)
}
