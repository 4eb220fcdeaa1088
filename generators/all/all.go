// Package all lists every generator's tool, for apigen generate. A new
// generator needs its package and one entry here.
package all

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/conversion"
	"github.com/apigen-dev/apigen/generators/crd"
	"github.com/apigen-dev/apigen/generators/deepcopy"
	"github.com/apigen-dev/apigen/generators/defaulter"
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

// Tools are the generators of apigen generate, in the order it runs them,
// reports their flag problems and lists them in its help.
var Tools = cli.Tools{
	deepcopy.NewTool,
	validation.NewTool,
	defaulter.NewTool,
	conversion.NewTool,
	register.NewTool,
	prerelease.NewTool,
	swaggerdoc.NewTool,
	featuregate.NewTool,
	protobuf.NewTool,
	modelname.NewTool,
	openapi.NewTool,
	openapijson.NewTool,
	applyconfig.NewTool,
	client.NewTool,
	lister.NewTool,
	informer.NewTool,
	crd.NewTool,
	crd.NewRBACTool,
	crd.NewWebhookTool,
}
