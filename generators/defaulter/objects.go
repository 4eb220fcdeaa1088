package defaulter

import (
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// checkObjects warns of each type given an object defaulter whose pointer
// is not a runtime.Object: RegisterDefaults passes one to
// AddTypeDefaultingFunc, which upstream writes all the same, and which
// does not compile unless the methods are added (deepcopy-gen adds
// DeepCopyObject to types marked for it, so such a marker counts).
func checkObjects(m *model.Model, objects map[*types.Type]*types.Type, diags *diag.List) {
	for _, t := range sortedTypes(objects) {
		var missing []string
		if !hasMethod(t, "GetObjectKind", 0) {
			missing = append(missing, "GetObjectKind")
		}
		if !hasMethod(t, "DeepCopyObject", 0) && !copiesAsObject(t) {
			missing = append(missing, "DeepCopyObject")
		}
		if len(missing) > 0 && m.Declared(t) {
			diags.Warnf(m.Position(t), "type %s gets an object defaulter, which RegisterDefaults registers for *%s as a runtime.Object, but it has no %s method: the generated code does not compile", t.Name.Name, t.Name.Name, strings.Join(missing, " or "))
		}
	}
}

// hasMethod reports whether t declares method name or has it from an
// embedded field.
func hasMethod(t *types.Type, name string, depth int) bool {
	if t == nil || depth > 8 {
		return false
	}
	if t.Kind == types.Pointer {
		t = t.Elem
	}
	if _, ok := t.Methods[name]; ok {
		return true
	}
	if t.Kind != types.Struct {
		return false
	}
	for _, f := range t.Members {
		if f.Embedded && hasMethod(f.Type, name, depth+1) {
			return true
		}
	}
	return false
}

// copiesAsObject reports whether t asks deepcopy-gen (or controller-gen)
// for a DeepCopyObject method.
func copiesAsObject(t *types.Type) bool {
	for _, l := range append(append([]string{}, t.SecondClosestCommentLines...), t.CommentLines...) {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "+k8s:deepcopy-gen:interfaces=") && strings.Contains(l, "k8s.io/apimachinery/pkg/runtime.Object") ||
			strings.HasPrefix(l, "+kubebuilder:object:root=true") {
			return true
		}
	}
	return false
}

// unusedLoop returns the path, from v, of the first slice or array whose
// loop in tree takes each item's address and then does nothing with it:
// upstream writes that loop all the same, and its variable is declared
// and not used. "" when there is none.
func unusedLoop(n *node, v string) string {
	if n.field != "" {
		v += "." + n.field
	}
	if n.index && !n.defaultsOnly && len(n.calls) == 0 && !slices.ContainsFunc(n.children, usesParent) {
		return v
	}
	for _, c := range n.children {
		if p := unusedLoop(c, v); p != "" {
			return p
		}
	}
	return ""
}

// usesParent reports whether the code written for n names the value it
// is reached from: a loop over it, a nil check, a default, a call, or
// code below that does.
func usesParent(n *node) bool {
	switch {
	case n.index, n.elem:
		return true
	case n.key:
		return n.def != nil
	}
	return n.def != nil || len(n.calls) > 0 || slices.ContainsFunc(n.children, usesParent)
}
