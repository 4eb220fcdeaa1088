// Package cel checks the CEL rules (x-kubernetes-validations) of a generated OpenAPI schema at
// generation time, with the API server's own code, so that a rule which a
// CustomResourceDefinition would be refused for is reported at the marker that wrote it.
//
// The schema of one root type, with its references resolved, becomes the schema of a
// synthetic CustomResourceDefinition, which goes through the API server's create-time
// validation. Every complaint about a rule, or about the schema under it, comes back as a
// Problem. Cost complaints also carry the estimated cost, the limit, and the
// maxItems/maxProperties/maxLength that would lower the estimate. README.md gives the reasons.
package cel

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/utils/ptr"
)

// The API server's static cost limits, as it applies them when a CRD is created.
const (
	// RuleCostLimit bounds the estimated cost of one rule or messageExpression.
	RuleCostLimit = validation.StaticEstimatedCostLimit
	// TotalCostLimit bounds the estimated cost of all rules of one schema together.
	TotalCostLimit = validation.StaticEstimatedCRDCostLimit
)

// Options tunes Check. The zero value checks as the API server does.
type Options struct {
	// NoBoundSearch leaves out the search for the maxItems, maxProperties and maxLength
	// inside a rule's own schema that would lower its cost, which recompiles the rule a few
	// times. Cost problems still name the unbounded lists and maps above the rule.
	NoBoundSearch bool
}

// Kind classifies a Problem.
type Kind string

const (
	// KindRule: the API server refuses the rule itself: it does not compile, is not a bool,
	// has a messageExpression that does not compile or is not a string, an unknown reason, a
	// fieldPath that does not resolve, or uses oldSelf where old and new values cannot be
	// correlated.
	KindRule Kind = "rule"
	// KindCost: the estimated cost of one rule (Field "rule") or messageExpression (Field
	// "messageExpression") exceeds RuleCostLimit.
	KindCost Kind = "cost"
	// KindTotalCost: the rules together exceed TotalCostLimit. There is one Problem at the
	// root (Index -1) and one for each of the most expensive rules.
	KindTotalCost Kind = "total-cost"
	// KindSchema: the schema itself would be refused, or a reference does not resolve. The API
	// server compiles no rule at or above a node with such a problem, so neither does Check.
	KindSchema Kind = "schema"
)

// Problem is one thing the API server would refuse.
type Problem struct {
	Kind Kind
	// Path is a JSON Pointer (RFC 6901) to the schema node the problem is about, within the
	// root type's schema with references resolved: "" is the root, "/properties/spec/items" the
	// items of the root's spec property.
	Path string
	// Def and DefPath locate where that node is written, for mapping back to a marker: Def
	// is the key in the defs given to Check, DefPath a JSON Pointer within defs[Def]. For a rule
	// problem the pair names the schema whose x-kubernetes-validations holds the rule, which
	// may be a field's schema or the schema of the type the field refers to.
	Def, DefPath string
	// Index is the rule's position in the x-kubernetes-validations of defs[Def] at DefPath,
	// or -1 when the problem is not about one rule.
	Index int
	// Field is the part of the rule at fault: "rule", "messageExpression", "reason",
	// "fieldPath", "message" or "optionalOldSelf"; empty when Index is -1.
	Field string
	// Rule is the rule's CEL text, when Index is not -1.
	Rule string
	// Message is the API server's own message (for compile errors, CEL's).
	Message string
	// Cost is set for KindCost and KindTotalCost.
	Cost *Cost
}

// Cost gives the figures behind a cost problem.
type Cost struct {
	// Estimated is the estimated cost: of the rule or messageExpression (multiplied, for a
	// rule, by how often the data under it can repeat), or for the root total problem the sum
	// over all rules.
	Estimated uint64
	// Limit is RuleCostLimit or TotalCostLimit.
	Limit uint64
	// Bounds are the limits that would lower the estimate: every unbounded list or map
	// above the rule (any of them makes the number of repetitions unknown), and the lists,
	// maps and strings within the rule's own schema that the rule's estimate depends on.
	Bounds []Bound
}

// Bound names one missing maxItems, maxProperties or maxLength.
type Bound struct {
	// Keyword is "maxItems", "maxProperties" or "maxLength".
	Keyword string
	// Path, Def and DefPath locate the schema node that lacks it, as in Problem.
	Path, Def, DefPath string
}

func (b Bound) String() string {
	return b.Keyword + " at " + b.Def + "#" + b.DefPath
}

func (p Problem) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s#%s", p.Def, p.DefPath)
	if p.Index >= 0 {
		fmt.Fprintf(&b, " x-kubernetes-validations[%d]", p.Index)
		if p.Field != "" {
			b.WriteString("." + p.Field)
		}
		fmt.Fprintf(&b, " (%q)", p.Rule)
	}
	b.WriteString(": " + p.Message)
	if c := p.Cost; c != nil {
		fmt.Fprintf(&b, " [estimated cost %d, limit %d", c.Estimated, c.Limit)
		if len(c.Bounds) > 0 {
			parts := make([]string, len(c.Bounds))
			for i, bd := range c.Bounds {
				parts[i] = bd.String()
			}
			b.WriteString("; set " + strings.Join(parts, ", "))
		}
		b.WriteString("]")
	}
	return b.String()
}

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
