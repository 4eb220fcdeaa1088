package applyconfig

import (
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/model"
)

// Types the generated code refers to by name.
const (
	metaV1      = "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtimePkg  = "k8s.io/apimachinery/pkg/runtime"
	clientMeta  = "k8s.io/client-go/applyconfigurations/meta/v1"
	acSuffix    = "ApplyConfiguration"
	managedPkg  = "k8s.io/apimachinery/pkg/util/managedfields"
	schemaPkg   = "k8s.io/apimachinery/pkg/runtime/schema"
	typedSMDPkg = "sigs.k8s.io/structured-merge-diff/v6/typed"
)

var (
	typeMetaName   = types.Name{Package: metaV1, Name: "TypeMeta"}
	objectMetaName = types.Name{Package: metaV1, Name: "ObjectMeta"}
)

// refGraph maps the types that have an apply configuration to the package
// that declares it, as XApplyConfiguration for type X.
type refGraph map[types.Name]string

// roots visits the types of in whose apply configurations are needed:
// those asking for a client with apply, and the inputs of
// +genclient:method apply methods.
func (in *input) roots(m *model.Model, visit func(*types.Type)) {
	for _, t := range in.types {
		tags := in.tags[t]
		if tags.Generate && hasApply(tags) {
			visit(t)
		}
		for _, meth := range tags.Methods {
			if meth.Verb != "apply" || meth.Input == "" {
				continue
			}
			// Upstream visits a copy of t renamed to the input type when
			// the input names no package: the named type is then marked
			// reachable, but what it refers to is t's.
			in := *t
			if i := strings.LastIndex(meth.Input, "."); i >= 0 {
				name := types.Name{Package: meth.Input[:i], Name: meth.Input[i+1:]}
				in = types.Type{Name: name}
				if p := m.Universe[name.Package]; p != nil && p.Types[name.Name] != nil {
					in = *p.Types[name.Name]
				}
			} else {
				in.Name.Name = meth.Input
			}
			visit(&in)
		}
	}
}

func hasApply(t genclient.Tags) bool { return t.HasVerb("apply") || t.HasVerb("applyStatus") }

// buildRefs starts from the external apply configurations and adds every
// type of the inputs that a root reaches and that can have one.
func buildRefs(m *model.Model, inputs []*input, external map[types.Name]string) refGraph {
	refs := refGraph{}
	for n, p := range external {
		refs[n] = p
	}
	reached := map[types.Name]bool{}
	var visit func(t *types.Type)
	visit = func(t *types.Type) {
		if reached[t.Name] {
			return
		}
		reached[t.Name] = true
		for _, next := range []*types.Type{t.Elem, t.Underlying, t.Key} {
			if next != nil {
				visit(next)
			}
		}
		for _, mb := range t.Members {
			visit(mb.Type)
		}
	}
	for _, in := range inputs {
		in.roots(m, visit)
	}
	for _, in := range inputs {
		for _, t := range in.types {
			if reached[t.Name] && needsConfig(t) {
				refs[t.Name] = in.outPkg
			}
		}
	}
	return refs
}

// needsConfig reports whether t gets an apply configuration: a struct,
// other than runtime's RawExtension and Unknown, with a field that
// serializes to JSON.
func needsConfig(t *types.Type) bool {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	if t.Kind != types.Struct || t.Name.Package == runtimePkg && (t.Name.Name == "RawExtension" || t.Name.Name == "Unknown") {
		return false
	}
	for _, mb := range t.Members {
		if _, ok := jsonTagOf(mb); ok {
			return true
		}
	}
	return false
}

// configOf returns the type an apply configuration uses for a field of
// type t: the apply configuration of a struct that has one, maps and
// slices of those, and t itself otherwise. Pointers are dropped.
func (r refGraph) configOf(t *types.Type) *types.Type {
	switch t.Kind {
	case types.Struct:
		if pkg, ok := r[t.Name]; ok {
			return types.Ref(pkg, t.Name.Name+acSuffix)
		}
	case types.Map:
		if _, ok := r[t.Elem.Name]; ok {
			return &types.Type{Kind: types.Map, Elem: r.configOf(t.Elem), Key: r.configOf(t.Key)}
		}
	case types.Slice:
		if _, ok := r[t.Elem.Name]; ok {
			return &types.Type{Kind: types.Slice, Elem: r.configOf(t.Elem)}
		}
	case types.Pointer:
		return r.configOf(t.Elem)
	}
	return t
}

// isConfig reports whether a field of type t holds an apply configuration
// (through pointers).
func (r refGraph) isConfig(t *types.Type) bool {
	switch t.Kind {
	case types.Struct:
		_, ok := r[t.Name]
		return ok
	case types.Pointer:
		return r.isConfig(t.Elem)
	}
	return false
}

// fieldConfig is the type of the field in the apply configuration's
// methods: configOf, behind a pointer when it is an apply configuration.
func (r refGraph) fieldConfig(t *types.Type) *types.Type {
	c := r.configOf(t)
	if r.isConfig(t) {
		return &types.Type{Kind: types.Pointer, Elem: c}
	}
	return c
}

func embeds(t *types.Type, n types.Name) bool {
	for _, mb := range t.Members {
		if mb.Embedded && mb.Type.Name == n {
			return true
		}
	}
	return false
}
