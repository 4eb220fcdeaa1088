package openapi

import (
	"go/token"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/common"

	"github.com/apigen-dev/apigen/markers"
)

// checkLists checks the list markers of field m of struct parent against
// its type, as server-side apply will read them. Upstream writes whatever
// the markers say; the API server then rejects or misapplies the schema.
func (b *builder) checkLists(parent *types.Type, m *types.Member, ms markers.Set, pos token.Position) {
	lt, ltMarker, hasType := markers.ListType.Lookup(ms)
	var keys []markers.Marker
	for k := range markers.ListMapKey.Each(ms) {
		keys = append(keys, k)
	}
	if !hasType && len(keys) == 0 {
		return
	}
	field := parent.Name.Name + "." + m.Name
	list := resolve(m.Type)
	if list.Kind != types.Slice && list.Kind != types.Array {
		// +listType=atomic on a scalar says nothing new (k8s.io/api has
		// one); sets and maps need a list.
		switch {
		case len(keys) > 0:
			b.errorf(keys[0].Pos, "%s is %s, not a list, so it takes no +%s", field, describeType(m.Type), markers.ListMapKey.Name)
		case lt != "atomic":
			b.errorf(ltMarker.Pos, "+%s=%s on %s, which is %s, not a list", markers.ListType.Name, lt, field, describeType(m.Type))
		}
		return
	}
	elem := resolve(list.Elem)
	if !hasType || lt != "map" {
		if len(keys) > 0 {
			b.errorf(keys[0].Pos, "+%s on %s needs +%s=map", markers.ListMapKey.Name, field, markers.ListType.Name)
		}
		if hasType && lt == "set" && !scalar(elem) {
			b.errorf(ltMarker.Pos, "+%s=set on %s needs scalar elements, but they are %s; use +%s=map with +%s, or +%s=atomic", markers.ListType.Name, field, describeType(list.Elem), markers.ListType.Name, markers.ListMapKey.Name, markers.ListType.Name)
		}
		return
	}
	if elem.Kind != types.Struct || customSchema(elem) {
		b.errorf(ltMarker.Pos, "+%s=map on %s needs struct elements, but they are %s", markers.ListType.Name, field, describeType(list.Elem))
		return
	}
	if len(keys) == 0 {
		b.errorf(ltMarker.Pos, "+%s=map on %s needs at least one +%s naming the field that identifies an element", markers.ListType.Name, field, markers.ListMapKey.Name)
		return
	}
	for k, name := range markers.ListMapKey.Each(ms) {
		key := memberNamed(elem, name)
		switch {
		case key == nil:
			b.errorf(k.Pos, "+%s=%s on %s: %s has no field with JSON name %q", markers.ListMapKey.Name, name, field, elem.Name.Name, name)
		case !scalar(resolve(key.Type)):
			b.errorf(k.Pos, "+%s=%s on %s: list map keys must be scalars (strings, numbers or booleans), but %s.%s is %s", markers.ListMapKey.Name, name, field, elem.Name.Name, key.Name, describeType(key.Type))
		}
	}
}

// scalar reports whether values of the resolved type t are strings,
// numbers or booleans in JSON.
func scalar(t *types.Type) bool {
	if t.Kind == types.Struct {
		return hasTypeFormat(t)
	}
	switch typ, _ := common.OpenAPITypeFormat(t.String()); typ {
	case "string", "integer", "number", "boolean":
		return t.Kind == types.Builtin
	}
	return false
}
