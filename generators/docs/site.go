package docs

import (
	"go/token"

	"github.com/apigen-dev/apigen/internal/versiondiff"

	"k8s.io/gengo/v2/types"
)

// site is everything the docs show: one page per API group and version,
// and one per other package whose types those pages use.
type site struct {
	pages    []*page
	byType   map[*types.Type]*docType
	diffs    []*diffPage
	kube     string // the Kubernetes minor release of go.mod's k8s.io/api, "1.37"
	universe types.Universe
}

// page is one group/version, or a package of shared types.
type page struct {
	group, version string
	pkgPath        string
	file           string // base name of its files, without extension
	title          string
	doc            string   // the package comment, prepared (see prepare)
	docLines       []string // as written, for checking
	docPos         token.Position
	types          []*docType
	imports        map[string]string // import paths by the names the package's files give them
}

// apiVersion is the page's version as apiVersion spells it: group/version,
// or the version alone for the core group; "" for a shared page.
func (pg *page) apiVersion() string {
	if pg.version == "" || pg.group == "" {
		return pg.version
	}
	return pg.group + "/" + pg.version
}

// docType is one named type.
type docType struct {
	name       string
	anchor     string
	page       *page
	t          *types.Type
	doc        string
	docLines   []string
	pos        token.Position
	kind       bool     // a root kind, with apiVersion and kind
	under      typeRef  // for a type that is not a struct: what it is
	facts      facts    // type-level facts: rules of a struct, values of an enum
	fields     []*field // a struct's fields, embedded ones expanded
	life       string   // the prerelease lifecycle, "introduced in 1.30, ..."
	deprecated bool
}

// field is one row of a type's field table.
type field struct {
	json       string
	goName     string
	typ        typeRef
	required   bool
	doc        string
	docLines   []string
	pos        token.Position
	facts      facts
	gates      []string
	deprecated bool
	from       *typeRef // the embedded struct it comes from
	value      string   // the fixed value of apiVersion and kind
}

// typeRef is a Go type as the docs write it: text around one named type,
// which links to its documentation.
type typeRef struct {
	prefix, name string // "[]", "FrobberSpec"
	target       *docType
	url          string // outside the site: the Kubernetes reference or pkg.go.dev
}

// enumValue is one allowed value and the gates that allow it.
type enumValue struct {
	value string
	gates []string
}

// rule is one CEL validation rule.
type rule struct {
	rule, message string
}

// facts are what the API server enforces on a value, from its schema.
type facts struct {
	def        string // JSON
	enum       []enumValue
	validation []string
	rules      []rule
	list       string // "map, keys `a`", "set", "atomic"
	mapType    string
	immutable  bool
}

// diffPage lists what changed from one version of a group to the next.
type diffPage struct {
	group, from, to string
	since           string // a git revision, for the page of changes since it
	fromPg, toPg    *page
	file            string
	changes         []versiondiff.Change
}
