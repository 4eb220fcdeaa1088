package informer

import (
	"cmp"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// sideFiles writes what one side (external or internal) has once: the
// internal interfaces, the factory, the generic informer, and one
// interface per group.
func (g *Generator) sideFiles(fs *fileSet, m *model.Model, pl *plan, s *side) {
	pos := s.first.Tags[s.first.Types[0]].Pos
	groups := slices.Sorted(maps.Keys(s.groups))

	ifacesPkg := path.Join(s.pkg, interfaces)
	f := output.NewGoFile(ifacesPkg)
	writeInternalInterfaces(f, s.clientset)
	fs.add(filepath.Join(s.dir, interfaces, "factory_interfaces.go"), interfaces, f, pos)

	factoryPkg := filepath.Base(s.dir)
	f = output.NewGoFile(s.pkg)
	writeFactory(f, s, pl.goNames, groups)
	fs.add(filepath.Join(s.dir, "factory.go"), factoryPkg, f, pos)

	f = output.NewGoFile(s.pkg)
	g.writeGeneric(f, m, pl, s)
	fs.add(filepath.Join(s.dir, "generic.go"), factoryPkg, f, pos)

	for _, name := range groups {
		e := s.groups[name]
		groupPkg := path.Join(s.pkg, e.pkgName)
		f = output.NewGoFile(groupPkg)
		writeGroup(f, ifacesPkg, groupPkg, e)
		fs.add(filepath.Join(s.dir, e.pkgName, versionFile), strings.Split(e.pkgName, ".")[0], f, pos)
	}
}

// writeInternalInterfaces writes the interfaces that the per-type
// informers share with the factory without importing it.
func writeInternalInterfaces(f *output.GoFile, clientset string) {
	client := f.Ref(types.Name{Package: clientset, Name: "Interface"})
	duration := f.Ref(std("time", "Duration"))
	f.Printf("// NewInformerFunc takes %s and %s to return a SharedIndexInformer.\n", client, duration)
	f.Printf("type NewInformerFunc func(%s, %s) cache.SharedIndexInformer\n\n", client, duration)
	f.Printf("// SharedInformerFactory a small interface to allow for adding an informer without an import cycle\n")
	f.Printf("type SharedInformerFactory interface {\nStart(stopCh <-chan struct{})\n")
	f.Printf("InformerFor(obj %s, newFunc NewInformerFunc) %s\n", f.Ref(std(runtimePkg, "Object")), f.Ref(cache("SharedIndexInformer")))
	f.Printf("InformerName() *%s\n}\n\n", f.Ref(cache("InformerName")))
	listOptions := f.Ref(meta("ListOptions"))
	f.Printf("// TweakListOptionsFunc is a function that transforms a %s.\n", listOptions)
	f.Printf("type TweakListOptionsFunc func(*%s)\n\n", listOptions)
	f.Printf("// InformerOptions holds the options for creating an informer.\n")
	f.Printf("type InformerOptions struct {\n")
	f.Printf("// ResyncPeriod is the resync period for this informer.\n// If not set, defaults to 0 (no resync).\n")
	f.Printf("ResyncPeriod %s\n\n", duration)
	f.Printf("// Indexers are the indexers for this informer.\nIndexers %s\n\n", f.Ref(cache("Indexers")))
	f.Printf("// InformerName is used to uniquely identify this informer for metrics.\n")
	f.Printf("// If not set, metrics will not be published for this informer.\n")
	f.Printf("// Use cache.NewInformerName() to create an InformerName at startup.\n")
	f.Printf("InformerName *%s\n\n", f.Ref(cache("InformerName")))
	f.Printf("// TweakListOptions is an optional function to modify the list options.\n")
	f.Printf("TweakListOptions TweakListOptionsFunc\n}\n")
}

// writeGroup writes the interface that hands out a group's versions.
func writeGroup(f *output.GoFile, ifacesPkg, groupPkg string, e *groupEntry) {
	type ver struct{ goName, pkg string }
	var vs []ver
	for _, v := range e.versions {
		nonEmpty := genclient.NonEmptyVersion(v.version)
		vs = append(vs, ver{goName: namer.IC(nonEmpty), pkg: path.Join(groupPkg, strings.ToLower(nonEmpty))})
	}
	f.Printf("// Interface provides access to each of this group's versions.\n")
	f.Printf("type Interface interface {\n")
	for _, v := range vs {
		f.Printf("// %s provides access to shared informers for resources in %s.\n", v.goName, v.goName)
		f.Printf("%s() %s\n", v.goName, f.Ref(types.Name{Package: v.pkg, Name: "Interface"}))
	}
	f.Printf("}\n\n")
	factory := f.Ref(types.Name{Package: ifacesPkg, Name: "SharedInformerFactory"})
	tweak := f.Ref(types.Name{Package: ifacesPkg, Name: "TweakListOptionsFunc"})
	f.Printf("type group struct {\nfactory %s\nnamespace string\ntweakListOptions %s\n}\n\n", factory, tweak)
	f.Printf("// New returns a new Interface.\n")
	f.Printf("func New(f %s, namespace string, tweakListOptions %s) Interface {\n", factory, tweak)
	f.Printf("return &group{factory: f, namespace: namespace, tweakListOptions: tweakListOptions}\n}\n")
	for _, v := range vs {
		iface := f.Ref(types.Name{Package: v.pkg, Name: "Interface"})
		f.Printf("\n// %s returns a new %s.\n", v.goName, iface)
		f.Printf("func (g *group) %s() %s {\n", v.goName, iface)
		f.Printf("return %s(g.factory, g.namespace, g.tweakListOptions)\n}\n", f.Ref(types.Name{Package: v.pkg, Name: "New"}))
	}
}

// genericGroup and genericVersion are what the generic informer switches
// over, in its order.
type genericGroup struct {
	pkgName, goName, name string
	versions              []genericVersion
}

type genericVersion struct {
	name, goName string
	scheme       types.Name // the SchemeGroupVersion of the version's package
	resources    []*types.Type
}

// writeGeneric writes the informer that is found by resource.
func (g *Generator) writeGeneric(f *output.GoFile, m *model.Model, pl *plan, s *side) {
	var groups []genericGroup
	order := namer.Orderer{Namer: namer.NewPrivateNamer(0)}
	for _, e := range s.groups {
		gg := genericGroup{pkgName: e.pkgName, goName: pl.goNames[e.pkgName], name: genclient.NonEmptyGroup(e.group)}
		for _, v := range e.versions {
			ts := slices.Clone(pl.typesByGV[gv{group: e.group, version: v.version}])
			if len(ts) == 0 {
				continue
			}
			nonEmpty := genclient.NonEmptyVersion(v.version)
			gg.versions = append(gg.versions, genericVersion{
				name:      nonEmpty,
				goName:    namer.IC(nonEmpty),
				scheme:    types.Name{Package: ts[0].Name.Package, Name: "SchemeGroupVersion"},
				resources: order.OrderTypes(ts),
			})
		}
		slices.SortStableFunc(gg.versions, func(a, b genericVersion) int {
			return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
		})
		groups = append(groups, gg)
	}
	slices.SortFunc(groups, func(a, b genericGroup) int {
		return cmp.Or(strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name)), strings.Compare(a.pkgName, b.pkgName))
	})

	indexInformer := f.Ref(cache("SharedIndexInformer"))
	genericLister := f.Ref(cache("GenericLister"))
	f.Printf("// GenericInformer is type of SharedIndexInformer which will locate and delegate to other\n")
	f.Printf("// sharedInformers based on type\n")
	f.Printf("type GenericInformer interface {\nInformer() %s\nLister() %s\n}\n\n", indexInformer, genericLister)
	f.Printf("type genericInformer struct {\ninformer %s\nresource %s\n}\n\n", indexInformer, f.Ref(std(schemaPkg, "GroupResource")))
	f.Printf("// Informer returns the SharedIndexInformer.\n")
	f.Printf("func (f *genericInformer) Informer() %s {\nreturn f.informer\n}\n\n", indexInformer)
	f.Printf("// Lister returns the GenericLister.\n")
	f.Printf("func (f *genericInformer) Lister() %s {\n", genericLister)
	f.Printf("return %s(f.Informer().GetIndexer(), f.resource)\n}\n\n", f.Ref(cache("NewGenericLister")))

	plural := namer.NewPublicPluralNamer(g.PluralExceptions)
	resource := namer.NewAllLowercasePluralNamer(g.PluralExceptions)
	f.Printf("// ForResource gives generic access to a shared informer of the matching type\n")
	f.Printf("// TODO extend this to unknown resources with a client pool\n")
	f.Printf("func (f *sharedInformerFactory) ForResource(resource %s) (GenericInformer, error) {\n", f.Ref(std(schemaPkg, "GroupVersionResource")))
	f.Printf("switch resource {\n")
	for _, gg := range groups {
		for _, v := range gg.versions {
			// The comment starts in another column than the case below it,
			// so that gofmt indents it with the clause before it, as
			// upstream's output has it.
			f.Printf("// Group=%s, Version=%s\n", gg.name, v.name)
			for _, t := range v.resources {
				res, ok := genclient.ResourceOverride(m, t)
				if !ok {
					res = resource.Name(t)
				}
				f.Printf("\tcase %s.WithResource(%q):\n", f.Ref(v.scheme), res)
				f.Printf("return &genericInformer{resource: resource.GroupResource(), informer: f.%s().%s().%s().Informer()}, nil\n", gg.goName, v.goName, plural.Name(t))
			}
			f.Printf("\n")
		}
	}
	f.Printf("}\n\n")
	f.Printf("return nil, %s(\"no informer found for %%v\", resource)\n}\n", f.Ref(std("fmt", "Errorf")))
}

// writeFactory writes the shared informer factory of one side.
func writeFactory(f *output.GoFile, s *side, goNames map[string]string, groups []string) {
	ifacesPkg := path.Join(s.pkg, interfaces)
	client := f.Ref(types.Name{Package: s.clientset, Name: "Interface"})
	tweak := f.Ref(types.Name{Package: ifacesPkg, Name: "TweakListOptionsFunc"})
	mutex := f.Ref(std("sync", "Mutex"))
	duration := f.Ref(std("time", "Duration"))
	rtype := f.Ref(std("reflect", "Type"))
	transform := f.Ref(cache("TransformFunc"))
	informerName := f.Ref(cache("InformerName"))
	indexInformer := f.Ref(cache("SharedIndexInformer"))
	waitGroup := f.Ref(std("sync", "WaitGroup"))

	f.Printf("// SharedInformerOption defines the functional option type for SharedInformerFactory.\n")
	f.Printf("type SharedInformerOption func(*sharedInformerFactory) *sharedInformerFactory\n\n")
	f.Printf("type sharedInformerFactory struct {\n")
	f.Printf("client %s\nnamespace string\ntweakListOptions %s\nlock %s\ndefaultResync %s\n", client, tweak, mutex, duration)
	f.Printf("customResync map[%s]%s\ntransform %s\ninformerName *%s\n\n", rtype, duration, transform, informerName)
	f.Printf("informers map[%s]%s\n", rtype, indexInformer)
	f.Printf("// startedInformers is used for tracking which informers have been started.\n")
	f.Printf("// This allows Start() to be called multiple times safely.\n")
	f.Printf("startedInformers map[%s]bool\n", rtype)
	f.Printf("// wg tracks how many goroutines were started.\nwg %s\n", waitGroup)
	f.Printf("// shuttingDown is true when Shutdown has been called. It may still be running\n")
	f.Printf("// because it needs to wait for goroutines.\nshuttingDown bool\n}\n\n")

	option := func(doc, name, param, assign string) {
		f.Printf("%sfunc %s(%s) SharedInformerOption {\n", doc, name, param)
		f.Printf("return func(factory *sharedInformerFactory) *sharedInformerFactory {\n%s\nreturn factory\n}\n}\n\n", assign)
	}
	option("// WithCustomResyncConfig sets a custom resync period for the specified informer types.\n",
		"WithCustomResyncConfig", "resyncConfig map["+f.Ref(meta("Object"))+"]"+duration,
		"for k, v := range resyncConfig {\nfactory.customResync["+f.Ref(std("reflect", "TypeOf"))+"(k)] = v\n}")
	option("// WithTweakListOptions sets a custom filter on all listers of the configured SharedInformerFactory.\n",
		"WithTweakListOptions", "tweakListOptions "+tweak, "factory.tweakListOptions = tweakListOptions")
	option("// WithNamespace limits the SharedInformerFactory to the specified namespace.\n",
		"WithNamespace", "namespace string", "factory.namespace = namespace")
	option("// WithTransform sets a transform on all informers.\n",
		"WithTransform", "transform "+transform, "factory.transform = transform")
	option("// WithInformerName sets the InformerName for informer identity used in metrics.\n"+
		"// The InformerName must be created via cache.NewInformerName() at startup,\n"+
		"// which validates global uniqueness. Each informer type will register its\n"+
		"// GVR under this name.\n",
		"WithInformerName", "informerName *"+informerName, "factory.informerName = informerName")

	f.Printf("func (f *sharedInformerFactory) InformerName() *%s {\nreturn f.informerName\n}\n\n", informerName)
	f.Printf("// NewSharedInformerFactory constructs a new instance of sharedInformerFactory for all namespaces.\n")
	f.Printf("func NewSharedInformerFactory(client %s, defaultResync %s) SharedInformerFactory {\n", client, duration)
	f.Printf("return NewSharedInformerFactoryWithOptions(client, defaultResync)\n}\n\n")
	f.Printf("// NewFilteredSharedInformerFactory constructs a new instance of sharedInformerFactory.\n")
	f.Printf("// Listers obtained via this SharedInformerFactory will be subject to the same filters\n")
	f.Printf("// as specified here.\n//\n")
	f.Printf("// Deprecated: Please use NewSharedInformerFactoryWithOptions instead\n")
	f.Printf("func NewFilteredSharedInformerFactory(client %s, defaultResync %s, namespace string, tweakListOptions %s) SharedInformerFactory {\n", client, duration, tweak)
	f.Printf("return NewSharedInformerFactoryWithOptions(client, defaultResync, WithNamespace(namespace), WithTweakListOptions(tweakListOptions))\n}\n\n")
	f.Printf("// NewSharedInformerFactoryWithOptions constructs a new instance of a SharedInformerFactory with additional options.\n")
	f.Printf("func NewSharedInformerFactoryWithOptions(client %s, defaultResync %s, options ...SharedInformerOption) SharedInformerFactory {\n", client, duration)
	f.Printf("factory := &sharedInformerFactory{\nclient: client,\nnamespace: %s,\ndefaultResync: defaultResync,\n", f.Ref(meta("NamespaceAll")))
	f.Printf("informers: make(map[%s]%s),\nstartedInformers: make(map[%s]bool),\ncustomResync: make(map[%s]%s),\n}\n\n", rtype, indexInformer, rtype, rtype, duration)
	f.Printf("// Apply all options\nfor _, opt := range options {\nfactory = opt(factory)\n}\n\nreturn factory\n}\n\n")

	forChannel := f.Ref(std(waitPkg, "ContextForChannel"))
	ctx := f.Ref(std("context", "Context"))
	f.Printf("func (f *sharedInformerFactory) Start(stopCh <-chan struct{}) {\nf.StartWithContext(%s(stopCh))\n}\n\n", forChannel)
	f.Printf("func (f *sharedInformerFactory) StartWithContext(ctx %s) {\n", ctx)
	f.Printf("f.lock.Lock()\ndefer f.lock.Unlock()\n\nif f.shuttingDown {\nreturn\n}\n\n")
	f.Printf("for informerType, informer := range f.informers {\nif !f.startedInformers[informerType] {\n")
	f.Printf("f.wg.Go(func() {\ninformer.RunWithContext(ctx)\n})\nf.startedInformers[informerType] = true\n}\n}\n}\n\n")
	f.Printf("func (f *sharedInformerFactory) Shutdown() {\nf.lock.Lock()\nf.shuttingDown = true\nf.lock.Unlock()\n\n")
	f.Printf("// Will return immediately if there is nothing to wait for.\nf.wg.Wait()\nf.informerName.Release()\n}\n\n")
	f.Printf("func (f *sharedInformerFactory) WaitForCacheSync(stopCh <-chan struct{}) map[%s]bool {\n", rtype)
	f.Printf("result := f.WaitForCacheSyncWithContext(%s(stopCh))\nreturn result.Synced\n}\n\n", forChannel)

	syncResult := f.Ref(cache("SyncResult"))
	f.Printf("func (f *sharedInformerFactory) WaitForCacheSyncWithContext(ctx %s) %s {\n", ctx, syncResult)
	f.Printf("informers := func() map[%s]%s {\nf.lock.Lock()\ndefer f.lock.Unlock()\n\n", rtype, indexInformer)
	f.Printf("informers := map[%s]%s{}\n", rtype, indexInformer)
	f.Printf("for informerType, informer := range f.informers {\nif f.startedInformers[informerType] {\ninformers[informerType] = informer\n}\n}\nreturn informers\n}()\n\n")
	f.Printf("// Wait for informers to sync, without polling.\n")
	f.Printf("cacheSyncs := make([]%s, 0, len(informers))\n", f.Ref(cache("DoneChecker")))
	f.Printf("for _, informer := range informers {\ncacheSyncs = append(cacheSyncs, informer.HasSyncedChecker())\n}\n")
	f.Printf("%s(ctx, \"\" /* no logging */, cacheSyncs...)\n\n", f.Ref(cache("WaitFor")))
	f.Printf("res := %s{\nSynced: make(map[%s]bool, len(informers)),\n}\n", syncResult, rtype)
	f.Printf("failed := false\nfor informType, informer := range informers {\nhasSynced := informer.HasSynced()\n")
	f.Printf("if !hasSynced {\nfailed = true\n}\nres.Synced[informType] = hasSynced\n}\n")
	f.Printf("if failed {\n// context.Cause is more informative than ctx.Err().\n")
	f.Printf("// This must be non-nil, otherwise WaitFor wouldn't have stopped\n// prematurely.\n")
	f.Printf("res.Err = %s(ctx)\n}\n\nreturn res\n}\n\n", f.Ref(std("context", "Cause")))

	object := f.Ref(std(runtimePkg, "Object"))
	newInformer := f.Ref(types.Name{Package: ifacesPkg, Name: "NewInformerFunc"})
	f.Printf("// InformerFor returns the SharedIndexInformer for obj using an internal\n// client.\n")
	f.Printf("func (f *sharedInformerFactory) InformerFor(obj %s, newFunc %s) %s {\n", object, newInformer, indexInformer)
	f.Printf("f.lock.Lock()\ndefer f.lock.Unlock()\n\n")
	f.Printf("informerType := %s(obj)\ninformer, exists := f.informers[informerType]\nif exists {\nreturn informer\n}\n\n", f.Ref(std("reflect", "TypeOf")))
	f.Printf("resyncPeriod, exists := f.customResync[informerType]\nif !exists {\nresyncPeriod = f.defaultResync\n}\n\n")
	f.Printf("informer = newFunc(f.client, resyncPeriod)\nif f.transform != nil {\ninformer.SetTransform(f.transform)\n}\n")
	f.Printf("f.informers[informerType] = informer\n\nreturn informer\n}\n\n")

	f.Printf("%s", factoryDoc)
	f.Printf("type SharedInformerFactory interface {\n%s\n\n", f.Ref(types.Name{Package: ifacesPkg, Name: "SharedInformerFactory"}))
	f.Printf("// Start initializes all requested informers. They are handled in goroutines\n")
	f.Printf("// which run until the stop channel gets closed.\n")
	f.Printf("// Warning: Start does not block. When run in a go-routine, it will race with a later WaitForCacheSync.\n//\n")
	f.Printf("// Contextual logging: StartWithContext should be used instead of Start in code which supports contextual logging.\n")
	f.Printf("Start(stopCh <-chan struct{})\n\n")
	f.Printf("// StartWithContext initializes all requested informers. They are handled in goroutines\n")
	f.Printf("// which run until the context gets canceled.\n")
	f.Printf("// Warning: StartWithContext does not block. When run in a go-routine, it will race with a later WaitForCacheSync.\n")
	f.Printf("StartWithContext(ctx %s)\n\n", ctx)
	f.Printf("// Shutdown marks a factory as shutting down. At that point no new\n")
	f.Printf("// informers can be started anymore and Start will return without\n// doing anything.\n//\n")
	f.Printf("// In addition, Shutdown blocks until all goroutines have terminated. For that\n")
	f.Printf("// to happen, the close channel(s) that they were started with must be closed,\n")
	f.Printf("// either before Shutdown gets called or while it is waiting.\n//\n")
	f.Printf("// Shutdown may be called multiple times, even concurrently. All such calls will\n")
	f.Printf("// block until all goroutines have terminated.\nShutdown()\n\n")
	f.Printf("// WaitForCacheSync blocks until all started informers' caches were synced\n")
	f.Printf("// or the stop channel gets closed.\n//\n")
	f.Printf("// Contextual logging: WaitForCacheSyncWithContext should be used instead of WaitForCacheSync in code which supports contextual logging. It also returns a more useful result.\n")
	f.Printf("WaitForCacheSync(stopCh <-chan struct{}) map[%s]bool\n\n", rtype)
	f.Printf("// WaitForCacheSyncWithContext blocks until all started informers' caches were synced\n")
	f.Printf("// or the context gets canceled.\n")
	f.Printf("WaitForCacheSyncWithContext(ctx %s) %s\n\n", ctx, syncResult)
	f.Printf("// ForResource gives generic access to a shared informer of the matching type.\n")
	f.Printf("ForResource(resource %s) (GenericInformer, error)\n\n", f.Ref(std(schemaPkg, "GroupVersionResource")))
	f.Printf("// InformerFor returns the SharedIndexInformer for obj using an internal\n// client.\n")
	f.Printf("InformerFor(obj %s, newFunc %s) %s\n\n", object, newInformer, indexInformer)
	for _, name := range groups {
		f.Printf("%s() %s\n", goNames[name], f.Ref(types.Name{Package: path.Join(s.pkg, name), Name: "Interface"}))
	}
	f.Printf("}\n")
	for _, name := range groups {
		groupPkg := path.Join(s.pkg, name)
		f.Printf("\nfunc (f *sharedInformerFactory) %s() %s {\n", goNames[name], f.Ref(types.Name{Package: groupPkg, Name: "Interface"}))
		f.Printf("return %s(f, f.namespace, f.tweakListOptions)\n}\n", f.Ref(types.Name{Package: groupPkg, Name: "New"}))
	}
}

// factoryDoc documents the SharedInformerFactory interface.
const factoryDoc = `// SharedInformerFactory provides shared informers for resources in all known
// API group versions.
//
// It is typically used like this:
//
//	ctx, cancel := context.WithCancel(context.Background())
//	defer cancel()
//	factory := NewSharedInformerFactory(client, resyncPeriod)
//	defer factory.Shutdown()    // Returns immediately if nothing was started.
//	genericInformer := factory.ForResource(resource)
//	typedInformer := factory.SomeAPIGroup().V1().SomeType()
//	handle, err := typeInformer.Informer().AddEventHandler(...)
//	if err != nil {
//	    return fmt.Errorf("register event handler: %v", err)
//	}
//	defer typeInformer.Informer().RemoveEventHandler(handle) // Avoids leaking goroutines.
//	factory.StartWithContext(ctx)                            // Start processing these informers.
//	synced := factory.WaitForCacheSyncWithContext(ctx)
//	if err := synced.AsError(); err != nil {
//	    return err
//	}
//	for v := range synced {
//	    // Only if desired log some information similar to this.
//	    fmt.Fprintf(os.Stdout, "cache synced: %s", v)
//	}
//
//	// Also make sure that all of the initial cache events have been delivered.
//	if !WaitFor(ctx, "event handler sync", handle.HasSyncedChecker()) {
//	    // Must have failed because of context.
//	    return fmt.Errorf("sync event handler: %w", context.Cause(ctx))
//	}
//
//	// Creating informers can also be created after Start, but then
//	// Start must be called again:
//	anotherGenericInformer := factory.ForResource(resource)
//	factory.StartWithContext(ctx)
`
