package markers

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/diag"
)

// OwnStrictly claims a name space as Own does, where upstream also refuses
// a type marker that begins with it but that it does not know: client-gen,
// lister-gen, informer-gen and applyconfiguration-gen stop on an unknown
// "+genclient…" tag of a type.
func (r *Registry) OwnStrictly(prefix string) {
	r.Own(prefix)
	r.strict = append(r.strict, prefix)
}

// unknown reports an unknown marker in an owned name space: an error where
// upstream refuses it too, else a warning, as upstream reads only the tags
// it knows and the run goes on without this one.
func (r *Registry) unknown(name string, at Place, src source, diags *diag.List) {
	refused := at == Type && slices.ContainsFunc(r.strict, func(p string) bool { return strings.HasPrefix(name, p) })
	d := diag.Diagnostic{Pos: src.line.Pos, Msg: fmt.Sprintf("unknown marker +%s%s", name, r.suggest(name))}
	if refused {
		diags.Add(d)
		return
	}
	d.Severity = diag.Warning
	if best := r.closest(name); best != "" && distance(name, best) <= 2 {
		d.Fix = src.rename(name, best)
	}
	diags.Add(d)
}
