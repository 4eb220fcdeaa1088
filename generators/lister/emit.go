package lister

import (
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/output"
)

// What the generated listers refer to outside the API package.
var (
	selectorName      = types.Name{Package: "k8s.io/apimachinery/pkg/labels", Name: "Selector"}
	indexerName       = types.Name{Package: "k8s.io/client-go/tools/cache", Name: "Indexer"}
	resourceIndexer   = types.Name{Package: "k8s.io/client-go/listers", Name: "ResourceIndexer"}
	newResourceIdx    = types.Name{Package: "k8s.io/client-go/listers", Name: "New"}
	newNamespacedIdx  = types.Name{Package: "k8s.io/client-go/listers", Name: "NewNamespaced"}
	resourceFuncLocal = "Resource" // declared by register.go next to the types
)

// writeExpansion declares the empty interfaces that hand-written lister
// methods of one type are added to.
func writeExpansion(f *output.GoFile, public string, namespaced bool) {
	f.Printf("// %sListerExpansion allows custom methods to be added to\n// %sLister.\n", public, public)
	f.Printf("type %sListerExpansion interface{}\n\n", public)
	if namespaced {
		f.Printf("// %sNamespaceListerExpansion allows custom methods to be added to\n// %sNamespaceLister.\n", public, public)
		f.Printf("type %sNamespaceListerExpansion interface{}\n\n", public)
	}
}

// writeLister writes the lister of t. Types are spelled through names in
// the order upstream first mentions them, which decides import names.
func writeLister(f *output.GoFile, ns genclient.Namers, t *types.Type, clusterScoped bool) {
	pub, priv, plural := ns.Public.Name(t), ns.Private.Name(t), ns.Plural.Name(t)
	selector := f.Ref(selectorName)
	obj := "*" + f.Ref(t.Name)

	f.Printf("// %sLister helps list %s.\n", pub, plural)
	f.Printf("// All objects returned here must be treated as read-only.\n")
	f.Printf("type %sLister interface {\n", pub)
	f.Printf("// List lists all %s in the indexer.\n", plural)
	f.Printf("// Objects returned here must be treated as read-only.\n")
	f.Printf("List(selector %s) (ret []%s, err error)\n", selector, obj)
	if clusterScoped {
		f.Printf("// Get retrieves the %s from the index for a given name.\n", pub)
		f.Printf("// Objects returned here must be treated as read-only.\n")
		f.Printf("Get(name string) (%s, error)\n", obj)
	} else {
		f.Printf("// %s returns an object that can list and get %s.\n", plural, plural)
		f.Printf("%s(namespace string) %sNamespaceLister\n", plural, pub)
	}
	f.Printf("%sListerExpansion\n}\n\n", pub)

	indexer := f.Ref(resourceIndexer)
	f.Printf("// %sLister implements the %sLister interface.\n", priv, pub)
	f.Printf("type %sLister struct {\n%s[%s]\n}\n\n", priv, indexer, obj)

	cacheIndexer := f.Ref(indexerName)
	newIdx := f.Ref(newResourceIdx)
	resource := f.Ref(types.Name{Package: t.Name.Package, Name: resourceFuncLocal})
	f.Printf("// New%sLister returns a new %sLister.\n", pub, pub)
	f.Printf("func New%sLister(indexer %s) %sLister {\n", pub, cacheIndexer, pub)
	f.Printf("return &%sLister{%s[%s](indexer, %s(%q))}\n}\n\n", priv, newIdx, obj, resource, strings.ToLower(t.Name.Name))
	if clusterScoped {
		return
	}

	newNsIdx := f.Ref(newNamespacedIdx)
	f.Printf("// %s returns an object that can list and get %s.\n", plural, plural)
	f.Printf("func (s *%sLister) %s(namespace string) %sNamespaceLister {\n", priv, plural, pub)
	f.Printf("return %sNamespaceLister{%s[%s](s.ResourceIndexer, namespace)}\n}\n\n", priv, newNsIdx, obj)

	f.Printf("// %sNamespaceLister helps list and get %s.\n", pub, plural)
	f.Printf("// All objects returned here must be treated as read-only.\n")
	f.Printf("type %sNamespaceLister interface {\n", pub)
	f.Printf("// List lists all %s in the indexer for a given namespace.\n", plural)
	f.Printf("// Objects returned here must be treated as read-only.\n")
	f.Printf("List(selector %s) (ret []%s, err error)\n", selector, obj)
	f.Printf("// Get retrieves the %s from the indexer for a given namespace and name.\n", pub)
	f.Printf("// Objects returned here must be treated as read-only.\n")
	f.Printf("Get(name string) (%s, error)\n", obj)
	f.Printf("%sNamespaceListerExpansion\n}\n\n", pub)

	f.Printf("// %sNamespaceLister implements the %sNamespaceLister\n// interface.\n", priv, pub)
	f.Printf("type %sNamespaceLister struct {\n%s[%s]\n}\n", priv, indexer, obj)
}
