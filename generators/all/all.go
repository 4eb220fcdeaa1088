// Package all lists every generator's Spec, for apigen generate. A new
// generator needs its package and one entry here.
package all

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/conventions"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/generators/crd"
	"github.com/apigen-dev/apigen/generators/crdconversion"
	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/generators/defaulter"
	"github.com/apigen-dev/apigen/generators/docs"
	"github.com/apigen-dev/apigen/generators/featuregate"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/generators/openapi"
	"github.com/apigen-dev/apigen/generators/openapijson"
	"github.com/apigen-dev/apigen/generators/prerelease"
	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/generators/register"
	"github.com/apigen-dev/apigen/generators/swaggerdoc"
	"github.com/apigen-dev/apigen/generators/validation"
)

// Specs are the generators of apigen generate, in the order it runs them,
// reports their flag problems and lists them in its help.
var Specs = cli.Specs{
	deepcopy.Spec,
	validation.Spec,
	defaulter.Spec,
	conversion.Spec,
	register.Spec,
	prerelease.Spec,
	swaggerdoc.Spec,
	featuregate.Spec,
	protobuf.Spec,
	modelname.Spec,
	openapi.Spec,
	openapijson.Spec,
	applyconfig.Spec,
	client.Spec,
	lister.Spec,
	informer.Spec,
	crd.Spec,
	crd.RBACSpec,
	crd.WebhookSpec,
	crdconversion.Spec,
	conventions.Spec,
	docs.Spec,
}

func init() {
	if err := Specs.Check(); err != nil {
		panic(err)
	}
}
