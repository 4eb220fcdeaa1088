package applyconfig

import "k8s.io/gengo/v2/namer"

// names holds the public and private namers of upstream's templates: a
// type's own name with its first letter upper- or lower-cased. Namers
// cache what they named, so each file has its own. Types are spelled
// through the file's writer, which imports packages as types are first
// spelled: the first package to claim a local name keeps it, so a file
// must spell its types in the order upstream's templates do.
type names struct{ public, private namer.Namer }

func newNames() *names {
	return &names{public: namer.NewPublicNamer(0), private: namer.NewPrivateNamer(0)}
}
