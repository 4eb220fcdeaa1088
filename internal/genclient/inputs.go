package genclient

import (
	"path/filepath"
	"regexp"

	"github.com/apigen-dev/apigen/model"
)

// ScriptInput reports whether upstream's scripts give p to
// applyconfiguration-, lister- and informer-gen. kube_codegen.sh's
// gen_client takes the packages of the main module that carry a +genclient
// line in a directory named like an API version (v1, v2beta1), so not the
// internal ones. A package of another module comes only from a list a
// script names itself, as Kubernetes' own does for client-go, and is
// always taken.
func ScriptInput(p *model.Package) bool {
	return !p.Local() || p.Tagged("genclient") && versionDir.MatchString(filepath.Base(p.Dir))
}

var versionDir = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)
