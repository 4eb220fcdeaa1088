package applyconfig

import (
	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

// names spells types as one generated file sees them. Packages are imported
// as types are first spelled, and the first package to claim a local name
// keeps it, so a file must spell its types in the order upstream's
// templates do for its import names to come out the same.
//
// It also holds the public and private namers of upstream's templates: a
// type's own name with its first letter upper- or lower-cased. Namers cache
// what they named, so each file has its own.
type names struct {
	tracker         *namer.DefaultImportTracker
	raw             namer.Namer
	public, private namer.Namer
}

func newNames(pkg string) *names {
	tracker := generator.NewImportTrackerForPackage(pkg)
	return &names{
		tracker: tracker,
		raw:     namer.NewRawNamer(pkg, tracker),
		public:  namer.NewPublicNamer(0),
		private: namer.NewPrivateNamer(0),
	}
}

// of returns how the file spells t, importing what it needs.
func (n *names) of(t *types.Type) string { return n.raw.Name(t) }

// ref spells the named type or value n.
func (n *names) ref(pkg, name string) string { return n.of(types.Ref(pkg, name)) }

func (n *names) imports() []string { return n.tracker.ImportLines() }
