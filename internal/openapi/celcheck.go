package openapi

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/servercheck"
)

// checkCEL compiles and cost-checks every x-kubernetes-validations rule the
// way the API server does when a CustomResourceDefinition with the schema is
// created, and reports each problem at the marker that wrote the rule. Every
// definition that holds rules, or refers to one that does, is checked as a
// root, if everything it refers to is generated in this run or is one of
// apimachinery's scalar types: a schema the run does not have cannot be
// checked against (kube_codegen.sh passes apimachinery's packages as inputs,
// as upstream does). The per-CRD total is judged only for resources.
func checkCEL(defs map[string]*Definition, diags *diag.List) {
	diags = diags.In(diag.CEL)
	roots := celRoots(defs)
	if len(roots) == 0 {
		return
	}
	specs := Specs(defs)
	addStandIns(defs, specs)
	roots = slices.DeleteFunc(roots, func(r string) bool { return !complete(r, specs) })
	results := make([][]servercheck.Problem, len(roots))
	errs := make([]error, len(roots))
	var wg sync.WaitGroup
	for i, root := range roots {
		wg.Go(func() { results[i], errs[i] = servercheck.CEL(root, specs, servercheck.Options{}) })
	}
	wg.Wait()
	for i, problems := range results {
		for _, p := range problems {
			reportCEL(defs, roots[i], p, diags)
		}
	}
	if i := slices.IndexFunc(errs, func(err error) bool { return err != nil }); i >= 0 {
		// One warning, not an error: upstream generates without these checks.
		diags.Warnf(defs[roots[i]].Pos, "CEL rules were not checked (the API server's compilation and cost checks did not run): %v", errs[i])
	}
}

// celRoots returns, sorted, the definitions whose schema has rules in it or
// below it.
func celRoots(defs map[string]*Definition) []string {
	memo := map[string]bool{}
	var has func(name string) bool
	has = func(name string) bool {
		if v, seen := memo[name]; seen {
			return v
		}
		memo[name] = false // a cycle adds nothing
		d := defs[name]
		v := d != nil && (len(d.Rules) > 0 || slices.ContainsFunc(d.Depends, has))
		memo[name] = v
		return v
	}
	var roots []string
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		if has(name) {
			roots = append(roots, name)
		}
	}
	return roots
}

func reportCEL(defs map[string]*Definition, root string, p servercheck.Problem, diags *diag.List) {
	if p.Kind == servercheck.KindTotalCost && !isResource(defs[root]) {
		return
	}
	pos := defs[root].Pos
	if d := defs[p.Def]; d != nil {
		pos = d.Pos
		if r := d.RuleAt(p.DefPath, p.Index); r != nil {
			pos = r.Pos
		}
	}
	var msg strings.Builder
	if p.Rule != "" {
		fmt.Fprintf(&msg, "CEL rule %q", p.Rule)
		if p.Field != "" && p.Field != "rule" {
			fmt.Fprintf(&msg, " (%s)", p.Field)
		}
		msg.WriteString(": ")
	} else {
		fmt.Fprintf(&msg, "CEL rules of %s: ", root)
	}
	msg.WriteString(p.Message)
	if c := p.Cost; c != nil {
		fmt.Fprintf(&msg, "; estimated cost %d, limit %d", c.Estimated, c.Limit)
		if len(c.Bounds) > 0 {
			var bounds []string
			for _, b := range c.Bounds {
				bounds = append(bounds, b.Keyword+" on "+b.Def+b.DefPath)
			}
			fmt.Fprintf(&msg, "; setting %s would bound it", strings.Join(bounds, ", "))
		}
	}
	diags.Errorf(pos, "%s", msg.String())
}

// isResource reports whether a definition is of a top-level API object,
// the root of a CustomResourceDefinition's schema. Lists are not: the API
// server makes them.
func isResource(d *Definition) bool {
	if d == nil {
		return false
	}
	props := d.Schema.Properties
	_, kind := props["kind"]
	_, meta := props["metadata"]
	_, version := props["apiVersion"]
	_, items := props["items"]
	return kind && meta && version && !items
}

// complete reports whether every definition root refers to, directly or
// not, has a schema in specs.
func complete(root string, specs map[string]spec.Schema) bool {
	seen := map[string]bool{}
	var walk func(s spec.Schema) bool
	walk = func(s spec.Schema) bool {
		if ref := s.Ref.String(); ref != "" {
			name := RefName(ref)
			if seen[name] {
				return true
			}
			seen[name] = true
			target, ok := specs[name]
			return ok && walk(target)
		}
		for _, p := range s.Properties {
			if !walk(p) {
				return false
			}
		}
		for _, sub := range [][]spec.Schema{s.AllOf, s.OneOf, s.AnyOf} {
			for _, x := range sub {
				if !walk(x) {
					return false
				}
			}
		}
		if s.Items != nil && s.Items.Schema != nil && !walk(*s.Items.Schema) {
			return false
		}
		if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil && !walk(*ap.Schema) {
			return false
		}
		return true
	}
	seen[root] = true
	return walk(specs[root])
}

// addStandIns gives every definition referred to but not generated in this
// run (a type of a package outside the patterns) a schema for the checks:
// the well-known scalar types of apimachinery as the API server models
// them, anything else as an object CEL may not look into.
func addStandIns(defs map[string]*Definition, specs map[string]spec.Schema) {
	for _, d := range defs {
		for _, dep := range d.Depends {
			if _, ok := specs[dep]; !ok {
				if s, known := standIn(dep); known {
					specs[dep] = s
				}
			}
		}
	}
}

// standIn returns the schema of one of apimachinery's scalar types, as the
// API server models it, by the type's Go or model name.
func standIn(name string) (spec.Schema, bool) {
	if !strings.Contains(name, "apimachinery") {
		return spec.Schema{}, false
	}
	switch name[strings.LastIndexAny(name, "./")+1:] {
	case "Time", "MicroTime":
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "date-time"}}, true
	case "Duration":
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}, true
	case "Quantity", "IntOrString":
		return spec.Schema{VendorExtensible: spec.VendorExtensible{Extensions: spec.Extensions{"x-kubernetes-int-or-string": true}}}, true
	}
	return spec.Schema{}, false
}
