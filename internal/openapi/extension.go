package openapi

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

const (
	extensionPrefix      = "x-kubernetes-"
	validationsExtension = "x-kubernetes-validations"
	unionsExtension      = "x-kubernetes-unions"
)

// extension is one entry of a schema's VendorExtensible: its key and
// value as Go source, and as data.
type extension struct {
	key   string // Go expression
	code  string // Go expression of the value
	name  string
	value any
	pos   token.Position // the marker it comes from, if one does
}

// markerExtensions are the x-kubernetes-* extensions that markers ask for,
// in upstream's order: +k8s:openapi-gen=x-kubernetes-... in source order,
// then the schema markers by marker name.
var markerExtensions = []struct {
	marker markers.Def[string]
	name   string
	list   bool // a list even with one value
}{
	{markers.ListMapKey, "x-kubernetes-list-map-keys", true},
	{markers.ListType, "x-kubernetes-list-type", false},
	{markers.MapType, "x-kubernetes-map-type", false},
	{markers.PatchMergeKey, "x-kubernetes-patch-merge-key", false},
	{markers.PatchStrategy, "x-kubernetes-patch-strategy", false},
	{markers.StructType, "x-kubernetes-map-type", false},
	{validations, validationsExtension, false},
}

func extensionsOf(s markers.Set) []extension {
	var out []extension
	for m, v := range gen.Each(s) {
		if v.Extension == "" {
			continue
		}
		out = append(out, extension{key: `"` + v.Extension + `"`, code: `"` + v.Value + `"`, name: v.Extension, value: v.Value, pos: m.Pos})
	}
	for _, e := range markerExtensions {
		_, first, ok := e.marker.Lookup(s)
		if !ok {
			continue
		}
		values := e.marker.All(s)
		x := extension{key: `"` + e.name + `"`, name: e.name, pos: first.Pos}
		if len(values) > 1 || e.list {
			var b strings.Builder
			b.WriteString("[]interface{}{\n")
			list := make([]any, len(values))
			for i, v := range values {
				fmt.Fprintf(&b, "\"%s\",\n", v)
				list[i] = v
			}
			b.WriteString("}")
			x.code, x.value = b.String(), list
		} else {
			x.code, x.value = `"`+values[0]+`"`, values[0]
		}
		out = append(out, x)
	}
	return out
}

// otherExtension renders an extension whose value is data, such as the
// rules of +k8s:validation:cel.
func otherExtension(name string, value any) extension {
	return extension{key: fmt.Sprintf("%#v", name), code: fmt.Sprintf("%#v", value), name: name, value: value}
}

// union is one x-kubernetes-unions entry: an optional discriminator field
// and the member fields, JSON name to Go name.
type union struct {
	discriminator string
	fields        map[string]string
}

// unions finds the unions of struct t: the struct's own (+union), those of
// the structs it inlines, and the one its +unionDeprecated fields make.
// Upstream logs a bad union and writes it all the same, as here: warnings.
func (b *builder) unions(t *types.Type, at token.Position) []union {
	var out []union
	if unionStruct.Has(b.src.typeMarkers(t)) {
		u := union{fields: map[string]string{}}
		for i, m := range t.Members {
			name := referableName(&m)
			if name == "" {
				continue
			}
			ms := b.src.fieldMarkers(t, i)
			pos := b.src.fieldPos(t, i)
			switch {
			case inlined(&m):
				b.warnf(pos, "union %s cannot have embedded fields, but %s is one", t.Name.Name, m.Name)
			case unionDeprecated.Has(ms):
				b.warnf(pos, "+%s on %s.%s: a +union struct's fields are its members already", unionDeprecatedMrk, t.Name.Name, m.Name)
			case discriminator.Has(ms):
				b.setDiscriminator(&u, name, pos)
			default:
				if opt, err := optional(ms, &m); !opt || err != nil {
					b.warnf(pos, "%s.%s is a member of a union, so it must be optional", t.Name.Name, m.Name)
				}
				b.addUnionMember(&u, name, m.Name, pos)
			}
		}
		out = append(out, u)
	}
	for i, m := range t.Members {
		if hasGen(b.src.fieldMarkers(t, i), "false") || !inlined(&m) {
			continue
		}
		out = append(out, b.unions(m.Type, at)...)
	}
	u := union{fields: map[string]string{}}
	for i, m := range t.Members {
		name := referableName(&m)
		if name == "" || inlined(&m) {
			continue
		}
		ms := b.src.fieldMarkers(t, i)
		pos := b.src.fieldPos(t, i)
		if discriminator.Has(ms) {
			b.setDiscriminator(&u, name, pos)
		}
		if unionDeprecated.Has(ms) {
			if opt, err := optional(ms, &m); !opt || err != nil {
				b.warnf(pos, "%s.%s is a member of a union, so it must be optional", t.Name.Name, m.Name)
			}
			b.addUnionMember(&u, name, m.Name, pos)
		}
	}
	if len(u.fields) > 0 {
		seen := map[string]bool{}
		for _, f := range slices.Sorted(maps.Keys(u.fields)) {
			if v := u.fields[f]; seen[v] {
				b.warnf(at, "union of %s: %s is the discriminated value of two fields", t.Name.Name, v)
			} else {
				seen[v] = true
			}
		}
		if _, ok := u.fields[u.discriminator]; ok {
			b.warnf(at, "union of %s: %s cannot be both the discriminator and a member", t.Name.Name, u.discriminator)
		}
		out = append(out, u)
	}
	return out
}

func (b *builder) setDiscriminator(u *union, name string, pos token.Position) {
	if u.discriminator != "" {
		b.warnf(pos, "a union has one discriminator, but %s and %s are both marked +%s", u.discriminator, name, discriminatorMark)
	}
	u.discriminator = name
}

func (b *builder) addUnionMember(u *union, json, goName string, pos token.Position) {
	if _, ok := u.fields[json]; ok {
		b.warnf(pos, "two members of a union have the JSON name %s", json)
		return
	}
	u.fields[json] = goName
}

func unionsExtensionOf(us []union) extension {
	var b strings.Builder
	b.WriteString("[]interface{}{\n")
	list := make([]any, len(us))
	for i, u := range us {
		b.WriteString("map[string]interface{}{\n")
		data := map[string]any{}
		if u.discriminator != "" {
			fmt.Fprintf(&b, "\"discriminator\": \"%s\",\n", u.discriminator)
			data["discriminator"] = u.discriminator
		}
		b.WriteString("\"fields-to-discriminateBy\": map[string]interface{}{\n")
		fields := map[string]any{}
		for _, f := range slices.Sorted(maps.Keys(u.fields)) {
			fmt.Fprintf(&b, "\"%s\": \"%s\",\n", f, u.fields[f])
			fields[f] = u.fields[f]
		}
		data["fields-to-discriminateBy"] = fields
		b.WriteString("},\n},\n")
		list[i] = data
	}
	b.WriteString("}")
	return extension{key: `"` + unionsExtension + `"`, code: b.String(), name: unionsExtension, value: list}
}
