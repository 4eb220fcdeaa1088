package crd

import (
	"go/token"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/crdschema"
	"github.com/apigen-dev/apigen/model"
)

func init() { crdschema.Types.Compute = typeSchemas }

// typeSchemas gives every exported type of m's packages the schema a CRD
// would hold for it, float types allowed.
func typeSchemas(m *model.Model, diags *diag.List) map[crdschema.Key]*apiext.JSONSchemaProps {
	p, _, _ := newParser(m, diags, true, false)
	out := map[crdschema.Key]*apiext.JSONSchemaProps{}
	for _, mp := range m.Packages {
		pi := p.infos[mp.Source.PkgPath]
		for _, name := range pi.order {
			if !token.IsExported(name) || pi.types[name].spec.TypeParams != nil {
				continue
			}
			s := p.kindSchema(ident{mp.Source.PkgPath, name}, nil)
			out[crdschema.KeyOf(mp.Source.PkgPath, name)] = &s
		}
	}
	return out
}
