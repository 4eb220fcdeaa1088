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
	lt, hasType := ms.Get(listTypeMarker)
	keys := ms.All(listMapKeyMarker)
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
			b.errorf(keys[0].Pos, "%s is %s, not a list, so it takes no +%s", field, describeType(m.Type), listMapKeyMarker)
		case lt.Value.(string) != "atomic":
			b.errorf(lt.Pos, "+%s=%s on %s, which is %s, not a list", listTypeMarker, lt.Value, field, describeType(m.Type))
		}
		return
	}
	elem := resolve(list.Elem)
	if !hasType || lt.Value.(string) != "map" {
		if len(keys) > 0 {
			b.errorf(keys[0].Pos, "+%s on %s needs +%s=map", listMapKeyMarker, field, listTypeMarker)
		}
		if hasType && lt.Value.(string) == "set" && !scalar(elem) {
			b.errorf(lt.Pos, "+%s=set on %s needs scalar elements, but they are %s; use +%s=map with +%s, or +%s=atomic", listTypeMarker, field, describeType(list.Elem), listTypeMarker, listMapKeyMarker, listTypeMarker)
		}
		return
	}
	if elem.Kind != types.Struct || customSchema(elem) {
		b.errorf(lt.Pos, "+%s=map on %s needs struct elements, but they are %s", listTypeMarker, field, describeType(list.Elem))
		return
	}
	if len(keys) == 0 {
		b.errorf(lt.Pos, "+%s=map on %s needs at least one +%s naming the field that identifies an element", listTypeMarker, field, listMapKeyMarker)
		return
	}
	for _, k := range keys {
		name := k.Value.(string)
		key := memberNamed(elem, name)
		switch {
		case key == nil:
			b.errorf(k.Pos, "+%s=%s on %s: %s has no field with JSON name %q", listMapKeyMarker, name, field, elem.Name.Name, name)
		case !scalar(resolve(key.Type)):
			b.errorf(k.Pos, "+%s=%s on %s: list map keys must be scalars (strings, numbers or booleans), but %s.%s is %s", listMapKeyMarker, name, field, elem.Name.Name, key.Name, describeType(key.Type))
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
