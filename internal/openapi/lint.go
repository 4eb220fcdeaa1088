package openapi

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

// violation is one breach of an API rule by a field of a type, or by the
// whole type when field is "".
type violation struct {
	rule, pkg, typ, field string
}

// apiRules are the API conventions openapi-gen reports, in upstream's
// order. Each returns the offending fields of struct t.
var apiRules = []struct {
	name  string
	check func(b *builder, t *types.Type) []string
}{
	{"names_match", namesMatchRule},
	{"omitempty_match_case", omitemptyCaseRule},
	{"list_type_missing", listTypeRule},
	{"streaming_list_type_field_order", streamingOrderRule},
	{"streaming_list_type_json_tags", streamingJSONRule},
	{"streaming_list_type_proto_tags", streamingProtoRule},
}

// violations checks every rule on struct t.
func (b *builder) violations(t *types.Type) []violation {
	var out []violation
	for _, r := range apiRules {
		for _, f := range r.check(b, t) {
			out = append(out, violation{r.name, t.Name.Package, t.Name.Name, f})
		}
	}
	return out
}

// report renders violations as upstream's report file does: one line
// each, sorted by rule, package, type and field.
func report(vs []violation) []byte {
	slices.SortFunc(vs, func(a, b violation) int {
		return cmp.Or(cmp.Compare(a.rule, b.rule), cmp.Compare(a.pkg, b.pkg), cmp.Compare(a.typ, b.typ), cmp.Compare(a.field, b.field))
	})
	var sb strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&sb, "API rule violation: %s,%s,%s,%s\n", v.rule, v.pkg, v.typ, v.field)
	}
	return []byte(sb.String())
}

// namesMatchRule: every field has a json tag, and apart from the case of
// its first letters (an initialism is lower-cased as a whole) the JSON name
// is the Go name. Fields named metadata are ObjectMeta or ListMeta, and
// only inlined structs may have an empty JSON name.
func namesMatchRule(_ *builder, t *types.Type) []string {
	var out []string
	for _, m := range t.Members {
		tag, ok := reflect.StructTag(m.Tags).Lookup("json")
		switch {
		case !ok:
			out = append(out, m.Name)
		case tag == "-":
		default:
			if json, _, _ := strings.Cut(tag, ","); !jsonNameFits(m, json) {
				out = append(out, m.Name)
			}
		}
	}
	return out
}

func jsonNameFits(m types.Member, json string) bool {
	if json == "" {
		return m.Type.Kind == types.Struct || m.Type.Kind == types.Pointer && m.Type.Elem.Kind == types.Struct
	}
	switch m.Type.String() {
	case "k8s.io/apimachinery/pkg/apis/meta/v1.ListMeta", "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta":
		return json == "metadata"
	}
	return camelMatch(m.Name, json)
}

// camelMatch reports whether goName (CamelCase) and jsonName (camelCase)
// are one name: equal but for case, with the Go name's leading capitals
// lower-cased in JSON, and the first letter after them kept.
func camelMatch(goName, jsonName string) bool {
	if strings.ContainsAny(goName, "_-") || strings.ContainsAny(jsonName, "_-") ||
		len(goName) != len(jsonName) || !strings.EqualFold(goName, jsonName) || !upper(goName[0]) || upper(jsonName[0]) {
		return false
	}
	for i := range len(goName) {
		if goName[i] != jsonName[i] {
			continue
		}
		// Where the names first agree, the rest must be equal, and after
		// an initialism of two or more letters the next word starts with a
		// capital: JSONSpec is jsonSpec, not jsonspec.
		return goName[i:] == jsonName[i:] && (i == 1 || upper(goName[i]))
	}
	return true
}

func upper(c byte) bool { return 'A' <= c && c <= 'Z' }

// omitemptyCaseRule: "omitempty" is spelled in lower case.
func omitemptyCaseRule(_ *builder, t *types.Type) []string {
	var out []string
	for _, m := range t.Members {
		parts := jsonTags(&m)
		if len(parts) < 2 || parts[0] == "-" {
			continue
		}
		for _, p := range parts[1:] {
			if p != "omitempty" && strings.EqualFold(p, "omitempty") {
				out = append(out, m.Name)
			}
		}
	}
	return out
}

// listTypeRule: every slice field says how it merges (+listType), except
// []byte and the Items of list types, which must not.
func listTypeRule(b *builder, t *types.Type) []string {
	var out []string
	for i, m := range t.Members {
		marked := markers.ListType.Has(b.src.fieldMarkers(t, i))
		if m.Name == "Items" && m.Type.Kind == types.Slice && memberByGoName(t, "ListMeta") {
			if marked {
				out = append(out, m.Name)
			}
			continue
		}
		if m.Type.Kind == types.Slice && m.Type.Elem != types.Byte && !marked {
			out = append(out, m.Name)
		}
	}
	return out
}

func memberByGoName(t *types.Type, name string) bool {
	return slices.ContainsFunc(t.Members, func(m types.Member) bool { return m.Name == name })
}

// streamingList reports whether t is a list type: exactly the fields
// TypeMeta, ListMeta and Items.
func streamingList(t *types.Type) bool {
	return len(t.Members) == 3 && memberByGoName(t, "TypeMeta") && memberByGoName(t, "ListMeta") && memberByGoName(t, "Items")
}

// streamingOrderRule: a list type's fields come in the order TypeMeta,
// ListMeta, Items, so that lists can be encoded as a stream.
func streamingOrderRule(_ *builder, t *types.Type) []string {
	if !streamingList(t) {
		return nil
	}
	var out []string
	for i, want := range []string{"TypeMeta", "ListMeta", "Items"} {
		if t.Members[i].Name != want {
			out = append(out, want)
		}
	}
	return out
}

// streamingJSONRule: a list type inlines TypeMeta and names the others
// metadata (omitempty) and items.
func streamingJSONRule(_ *builder, t *types.Type) []string {
	if !streamingList(t) {
		return nil
	}
	var out []string
	for _, m := range t.Members {
		tags := reflect.StructTag(m.Tags)
		switch m.Name {
		case "TypeMeta":
			tag, ok := tags.Lookup("json")
			if !m.Embedded || !ok || tag != "" && tag != ",inline" {
				out = append(out, m.Name)
			}
		case "ListMeta":
			if tags.Get("json") != "metadata,omitempty" {
				out = append(out, m.Name)
			}
		case "Items":
			if tags.Get("json") != "items" {
				out = append(out, m.Name)
			}
		}
	}
	return out
}

// streamingProtoRule: a list type's protobuf tags, where given, put
// metadata in field 1 and items in field 2, and TypeMeta in none.
func streamingProtoRule(_ *builder, t *types.Type) []string {
	if !streamingList(t) {
		return nil
	}
	var out []string
	for _, m := range t.Members {
		tag := reflect.StructTag(m.Tags).Get("protobuf")
		switch {
		case m.Name == "TypeMeta" && tag != "",
			m.Name == "ListMeta" && tag != "" && tag != "bytes,1,opt,name=metadata",
			m.Name == "Items" && tag != "" && tag != "bytes,2,rep,name=items":
			out = append(out, m.Name)
		}
	}
	return out
}
