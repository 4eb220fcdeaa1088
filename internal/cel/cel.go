// Package cel checks the CEL rules (x-kubernetes-validations) of a generated OpenAPI schema at
// generation time, with the API server's own code, so that a rule which a
// CustomResourceDefinition would be refused for is reported at the marker that wrote it.
//
// The schema of one root type, with its references resolved, becomes the schema of a
// synthetic CustomResourceDefinition, which goes through the API server's create-time
// validation. Every complaint about a rule, or about the schema under it, comes back as a
// Problem. Cost complaints also carry the estimated cost, the limit, and the
// maxItems/maxProperties/maxLength that would lower the estimate. README.md gives the reasons.
//
// It also validates whole CRDs (ValidateCRD). Callers reach both through package
// servercheck, which this package links itself into: a binary that imports it checks in
// process, and apigen, which does not, in cmd/apigen-check.
package cel

import (
	"context"
	"sort"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/utils/ptr"

	"github.com/apigen-dev/apigen/internal/servercheck"
)

// The types Check returns belong to package servercheck, which callers
// use; these names keep them at hand here.
type (
	Options = servercheck.Options
	Kind    = servercheck.Kind
	Problem = servercheck.Problem
	Cost    = servercheck.Cost
	Bound   = servercheck.Bound
)

const (
	KindRule      = servercheck.KindRule
	KindCost      = servercheck.KindCost
	KindTotalCost = servercheck.KindTotalCost
	KindSchema    = servercheck.KindSchema
)

// The API server's static cost limits, as it applies them when a CRD is
// created (TestCostLimits holds them equal to validation's).
const (
	RuleCostLimit  = servercheck.RuleCostLimit
	TotalCostLimit = servercheck.TotalCostLimit
)

var (
	envOnce sync.Once
	envSet  *environment.EnvSet
)

// baseEnv returns the API server's base CEL environment for the compatibility version this
// build of apiserver defaults to. The CRD validation fetches the same set from the same
// cache; building it is the expensive part, so it happens once per process.
func baseEnv() *environment.EnvSet {
	envOnce.Do(func() {
		envSet = environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	})
	return envSet
}

// Check compiles and cost-checks every x-kubernetes-validations rule in the schema of one
// root type (and everything it references, resolved through defs), the way the API server
// does when a CustomResourceDefinition with that schema is created. root is a key of defs;
// references are "#/definitions/<key>" or "#/components/schemas/<key>" (JSON Pointer escaped)
// or the bare key. The root is treated as the root of a resource, as a CRD's schema is: its
// metadata property is replaced by the implicit ObjectMeta, and apiVersion, kind,
// metadata.name and metadata.generateName are visible to its rules.
//
// The problems come sorted by Path, Index and Field. None means the API server would accept
// every rule. Check is safe for concurrent use.
func Check(root string, defs map[string]spec.Schema, opts Options) []Problem {
	baseEnv()
	c := convert(root, defs)
	problems := c.problems
	if c.root != nil {
		errs := validation.ValidateCustomResourceDefinition(context.Background(), syntheticCRD(c.root))
		targets := make([]target, len(problems), len(problems)+len(errs))
		for i := range targets {
			targets[i].index = -1
		}
		for _, e := range errs {
			p, t := c.problem(e)
			problems = append(problems, p)
			targets = append(targets, t)
		}
		c.addCosts(problems, targets, opts)
	}
	sort.SliceStable(problems, func(i, j int) bool {
		a, b := problems[i], problems[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Index != b.Index {
			return a.Index < b.Index
		}
		if a.Field != b.Field {
			return a.Field < b.Field
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Message < b.Message
	})
	return problems
}

// The synthetic CRD's names; nothing depends on them but its own validity.
const (
	crdGroup   = "cel.apigen.dev"
	crdPlural  = "checks"
	crdVersion = "v1"
	// schemaField is where the API server reports problems of the schema.
	schemaField = "spec.validation.openAPIV3Schema"
)

func syntheticCRD(schema *apiextensions.JSONSchemaProps) *apiextensions.CustomResourceDefinition {
	return &apiextensions.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: crdPlural + "." + crdGroup},
		Spec: apiextensions.CustomResourceDefinitionSpec{
			Group:   crdGroup,
			Version: crdVersion,
			Names: apiextensions.CustomResourceDefinitionNames{
				Plural: crdPlural, Singular: "check", Kind: "Check", ListKind: "CheckList",
			},
			Scope:                 apiextensions.NamespaceScoped,
			Versions:              []apiextensions.CustomResourceDefinitionVersion{{Name: crdVersion, Served: true, Storage: true}},
			Validation:            &apiextensions.CustomResourceValidation{OpenAPIV3Schema: schema},
			Conversion:            &apiextensions.CustomResourceConversion{Strategy: apiextensions.NoneConverter},
			PreserveUnknownFields: ptr.To(false),
		},
		Status: apiextensions.CustomResourceDefinitionStatus{StoredVersions: []string{crdVersion}},
	}
}
