// Package servercheck runs the API server's own checks on generated
// schemas: CEL rules compiled and cost-checked (CEL), and whole
// CustomResourceDefinitions validated as on create (CRD).
//
// The checks live in package internal/cel, which links the API server's
// code (cel-go, apiextensions-apiserver, apiserver and, through them, gRPC
// and OpenTelemetry): about 300 packages, most of a cold build. This
// package holds only what callers use. A binary that imports internal/cel
// runs the checks in process (internal/cel calls Link). One that does not,
// apigen itself, runs them in one child process, cmd/apigen-check, started
// on first use and spoken to in JSON over its stdin and stdout; see
// locate.go for how that binary is found or built.
package servercheck

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The API server's static cost limits, as it applies them when a CRD is
// created (internal/cel's tests hold them equal to the API server's).
const (
	// RuleCostLimit bounds the estimated cost of one rule or messageExpression.
	RuleCostLimit = 10_000_000
	// TotalCostLimit bounds the estimated cost of all rules of one schema together.
	TotalCostLimit = 100_000_000
)

// Options tunes CEL. The zero value checks as the API server does.
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
	// server compiles no rule at or above a node with such a problem, so neither does CEL.
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
	// is the key in the defs given to CEL, DefPath a JSON Pointer within defs[Def]. For a rule
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

// Impl is the checks themselves, as internal/cel provides them.
type Impl struct {
	// CEL compiles and cost-checks the rules of the schema of defs[root] (see cel.Check).
	CEL func(root string, defs map[string]spec.Schema, opts Options) []Problem
	// CRD is what the API server says when crd is created.
	CRD func(crd *apiextv1.CustomResourceDefinition) field.ErrorList
}

var linked atomic.Pointer[Impl]

// Link makes this binary run the checks in process with impl. internal/cel
// calls it from an init func.
func Link(impl Impl) { linked.Store(&impl) }

// CEL compiles and cost-checks every x-kubernetes-validations rule in the
// schema of defs[root] and what it refers to, as the API server does when a
// CRD with that schema is created; see internal/cel's Check. The error says
// why the checks could not run at all. Safe for concurrent use.
func CEL(root string, defs map[string]spec.Schema, opts Options) ([]Problem, error) {
	if impl := linked.Load(); impl != nil {
		return impl.CEL(root, defs, opts), nil
	}
	c, err := shared.Load().get()
	if err != nil {
		return nil, notRun(err)
	}
	problems, err := c.cel(root, reachable(root, defs), opts)
	return problems, notRun(err)
}

// CRD returns what the API server says when crd is created: its
// create-time validation, after the defaults it sets. The error says why
// the checks could not run at all. Safe for concurrent use.
func CRD(crd *apiextv1.CustomResourceDefinition) (field.ErrorList, error) {
	if impl := linked.Load(); impl != nil {
		return impl.CRD(crd), nil
	}
	c, err := shared.Load().get()
	if err != nil {
		return nil, notRun(err)
	}
	errs, err := c.crd(crd)
	return errs, notRun(err)
}

var notRunCount atomic.Int64

// NotRun counts the calls, since the process started, that could not run
// the checks. A run cache must not remember a run during which it grew: a
// later run may have the checker.
func NotRun() int64 { return notRunCount.Load() }

func notRun(err error) error {
	if err != nil {
		notRunCount.Add(1)
	}
	return err
}

// lazyChild is the one checker process of this process, started on first
// use. A failure to start is kept, so it is reported and paid for once.
type lazyChild struct {
	once sync.Once
	c    *child
	err  error
}

var shared atomic.Pointer[lazyChild]

func init() { shared.Store(&lazyChild{}) }

func (l *lazyChild) get() (*child, error) {
	l.once.Do(func() {
		path, temp, err := locate()
		if err == nil {
			l.c, err = start(path)
		}
		if temp != "" {
			os.RemoveAll(temp) // the child runs on without its file
		}
		l.err = err
	})
	return l.c, l.err
}

// close ends the child, if it started.
func (l *lazyChild) close() {
	l.once.Do(func() { l.err = errors.New("the checker was closed") })
	if l.c != nil {
		l.c.close()
	}
}

// Unlink makes the calls that follow check as a binary without
// internal/cel does, in a child process of their own, until restore is
// called. It is for tests of that path in binaries that link the checks.
func Unlink() (restore func()) {
	impl := linked.Swap(nil)
	old := shared.Swap(&lazyChild{})
	return func() {
		shared.Swap(old).close()
		linked.Store(impl)
	}
}
