package crdconversion

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/output"
)

const (
	metav1Pkg     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	equalityPkg   = "k8s.io/apimachinery/pkg/api/equality"
	validationPkg = "k8s.io/apimachinery/pkg/api/validation"
)

// spokeFile writes a spoke's ConvertToHub and ConvertFromHub for each kind
// it shares with the hub, and what keeps the hub's fields it cannot hold.
type spokeFile struct {
	f           *output.GoFile
	g           *hubspoke.Group
	spoke       int // index in g.Spokes
	kept        *keptTypes
	annotation  string
	public      *namer.NameStrategy // conversion-gen's names: package, "_", name
	usesListKey bool
}

func (w *spokeFile) write() {
	f := w.f
	f.P("// keptAnnotation holds what this version cannot of an object of hub %s.", hubspoke.Version(w.g.Hub))
	f.P("const keptAnnotation = %q\n", w.annotation)
	for _, k := range w.g.Kinds {
		if s := k.Spokes[w.spoke]; s != nil {
			w.kept.of(k.Hub, s)
		}
	}
	w.kept.name()
	for _, k := range w.g.Kinds {
		if s := k.Spokes[w.spoke]; s != nil {
			w.kind(k.Hub, s)
		}
	}
	for _, kt := range w.kept.order {
		w.keptStruct(kt)
		w.keep(kt)
		w.restore(kt)
	}
	w.helpers()
}

// kind writes the two conversions of one kind.
func (w *spokeFile) kind(hub, spoke *types.Type) {
	f := w.f
	hubName, up, down := f.Name(hub), w.convertName(spoke, hub), w.convertName(hub, spoke)
	kt := w.kept.byHub[hub]
	f.P("// ConvertToHub converts in to hub version %s, restoring the fields", hubspoke.Version(w.g.Hub))
	f.P("// this version cannot hold from the %s annotation.", w.annotation)
	f.P("func (in *%s) ConvertToHub(hub *%s) error {", spoke.Name.Name, hubName)
	f.P("if err := %s(in, hub, nil); err != nil {\nreturn err\n}", up)
	if kt == nil {
		f.P("dropKept(&hub.ObjectMeta)\nreturn nil\n}\n")
	} else {
		f.P("var k %s", kt.name)
		f.P("if found, err := readKept(&hub.ObjectMeta, &k); err != nil || !found {\nreturn err\n}")
		f.P("restore%s(&k, hub)\nreturn nil\n}\n", kt.id)
	}

	f.P("// ConvertFromHub converts hub to this version, keeping in the %s", w.annotation)
	f.P("// annotation the fields this version cannot hold.")
	f.P("func (out *%s) ConvertFromHub(hub *%s) error {", spoke.Name.Name, hubName)
	f.P("if err := %s(hub, out, nil); err != nil {\nreturn err\n}", down)
	if kt != nil {
		f.P("var back %s", hubName)
		f.P("if err := %s(out, &back, nil); err != nil {\nreturn err\n}", up)
		f.P("if k := keep%s(hub, &back); k != nil {\nreturn writeKept(&out.ObjectMeta, k)\n}", kt.id)
	}
	f.P("dropKept(&out.ObjectMeta)\nreturn nil\n}\n")
}

// keptStruct declares the struct that holds what is kept of one hub type.
func (w *spokeFile) keptStruct(kt *keptType) {
	f := w.f
	f.P("// %s holds the fields of %s that %s cannot.", kt.name, f.Name(kt.hub), kt.spoke.Name.Name)
	f.P("type %s struct {", kt.name)
	for _, fd := range kt.fields {
		f.P("%s %s `json:\"%s,omitempty\"`", fd.goName, w.fieldType(fd), fd.json)
	}
	f.P("}\n")
}

func (w *spokeFile) fieldType(fd keptField) string {
	switch fd.shape {
	case nested, pointer:
		return "*" + fd.nested.name
	case slice:
		return "[]*" + fd.nested.name
	case keyed:
		return "map[string]*" + fd.nested.name
	case mapped:
		return "map[" + w.f.Name(underlying(fd.hubType).Key) + "]*" + fd.nested.name
	}
	return "*keptValue[" + w.f.Name(fd.hubType) + "]"
}

// keep writes keep<Type>, which returns what in holds that back, in after a
// trip through the spoke, lost; nil when nothing was.
func (w *spokeFile) keep(kt *keptType) {
	f := w.f
	name := kt.id
	f.P("// keep%s returns what of in did not survive the trip through %s to back, or nil.", name, kt.spoke.Name.Name)
	f.P("func keep%s(in, back *%s) *%s {", name, f.Name(kt.hub), kt.name)
	f.P("var k %s\nkept := false", kt.name)
	for _, fd := range kt.fields {
		n := fd.goName
		switch fd.shape {
		case whole:
			value := fmt.Sprintf("&keptValue[%s]{in.%s, back.%s}", f.Name(fd.hubType), n, n)
			f.P("if !%s(in.%s, back.%s) {\nk.%s, kept = %s, true\n}", f.Qual(equalityPkg, "Semantic.DeepEqual"), n, n, n, value)
		case nested:
			f.P("if n := keep%s(&in.%s, &back.%s); n != nil {\nk.%s, kept = n, true\n}", fd.nested.id, n, n, n)
		case pointer:
			f.P("if in.%s != nil && back.%s != nil {\nif n := keep%s(in.%s, back.%s); n != nil {\nk.%s, kept = n, true\n}\n}", n, n, fd.nested.id, n, n, n)
		case slice:
			f.P("if len(in.%s) == len(back.%s) {\nfor i := range in.%s {", n, n, n)
			f.P("if n := keep%s(&in.%s[i], &back.%s[i]); n != nil {", fd.nested.id, n, n)
			f.P("if k.%s == nil {\nk.%s = make([]*%s, len(in.%s))\n}", n, n, fd.nested.name, n)
			f.P("k.%s[i], kept = n, true\n}\n}\n}", n)
		case keyed:
			f.P("if len(in.%s) == len(back.%s) {\nfor i := range in.%s {", n, n, n)
			f.P("if n := keep%s(&in.%s[i], &back.%s[i]); n != nil {", fd.nested.id, n, n)
			f.P("if k.%s == nil {\nk.%s = map[string]*%s{}\n}", n, n, fd.nested.name)
			f.P("k.%s[%s], kept = n, true\n}\n}\n}", n, w.listKey(fd, "in."+n+"[i]"))
		case mapped:
			f.P("for key, v := range in.%s {\nif b, ok := back.%s[key]; ok {", n, n)
			f.P("if n := keep%s(&v, &b); n != nil {", fd.nested.id)
			f.P("if k.%s == nil {\nk.%s = map[%s]*%s{}\n}", n, n, f.Name(underlying(fd.hubType).Key), fd.nested.name)
			f.P("k.%s[key], kept = n, true\n}\n}\n}", n)
		}
	}
	f.P("if !kept {\nreturn nil\n}\nreturn &k\n}\n")
}

// restore writes restore<Type>, which puts back into out what k kept, where
// out, converted from the spoke, still holds what the trip down and up gave.
func (w *spokeFile) restore(kt *keptType) {
	f := w.f
	name := kt.id
	f.P("// restore%s puts back into out the fields k kept, where out still holds what the trip gave them.", name)
	f.P("func restore%s(k *%s, out *%s) {", name, kt.name, f.Name(kt.hub))
	for _, fd := range kt.fields {
		n := fd.goName
		switch fd.shape {
		case whole:
			f.P("if k.%s != nil && %s(out.%s, k.%s.Trip) {\nout.%s = k.%s.Value\n}", n, f.Qual(equalityPkg, "Semantic.DeepEqual"), n, n, n, n)
		case nested:
			f.P("if k.%s != nil {\nrestore%s(k.%s, &out.%s)\n}", n, fd.nested.id, n, n)
		case pointer:
			f.P("if k.%s != nil && out.%s != nil {\nrestore%s(k.%s, out.%s)\n}", n, n, fd.nested.id, n, n)
		case slice:
			f.P("if len(k.%s) == len(out.%s) {\nfor i, n := range k.%s {\nif n != nil {\nrestore%s(n, &out.%s[i])\n}\n}\n}", n, n, n, fd.nested.id, n)
		case keyed:
			f.P("for i := range out.%s {\nif n := k.%s[%s]; n != nil {\nrestore%s(n, &out.%s[i])\n}\n}", n, n, w.listKey(fd, "out."+n+"[i]"), fd.nested.id, n)
		case mapped:
			f.P("for key, n := range k.%s {\nif v, ok := out.%s[key]; ok && n != nil {\nrestore%s(n, &v)\nout.%s[key] = v\n}\n}", n, n, fd.nested.id, n)
		}
	}
	f.P("}\n")
}

// listKey spells the key of item of a keyed list: the JSON of its key
// fields' values.
func (w *spokeFile) listKey(fd keptField, item string) string {
	var parts []string
	for _, k := range fd.keys {
		parts = append(parts, item+"."+k)
	}
	w.usesListKey = true
	return "listKey(" + strings.Join(parts, ", ") + ")"
}

// helpers writes what reads, writes and drops the annotation.
func (w *spokeFile) helpers() {
	f := w.f
	f.P("// keptValue is a field's value in the hub, and the value a trip through")
	f.P("// this version gave it: it is restored where the object converted from")
	f.P("// this version still holds the latter, so a change made here wins.")
	f.P("type keptValue[T any] struct {\nValue T `json:\"value\"`\nTrip  T `json:\"trip,omitempty\"`\n}\n")
	if w.usesListKey {
		f.P("// listKey names an item of a map list by the values of its keys.")
		f.P("func listKey(keys ...any) string {\ndata, _ := %s(keys)\nreturn string(data)\n}\n", f.Qual("encoding/json", "Marshal"))
	}
	meta := f.Qual(metav1Pkg, "ObjectMeta")
	f.P("// readKept reads the kept fields into k and removes the annotation, on a copy of the map.")
	f.P("func readKept(meta *%s, k any) (bool, error) {", meta)
	f.P("data, ok := meta.Annotations[keptAnnotation]\nif !ok {\nreturn false, nil\n}")
	f.P("dropKept(meta)")
	f.P("if err := %s([]byte(data), k); err != nil {", f.Qual("k8s.io/apimachinery/pkg/util/json", "Unmarshal"))
	f.P("return false, %s(\"annotation %%s: %%w\", keptAnnotation, err)\n}\nreturn true, nil\n}\n", f.Qual("fmt", "Errorf"))

	f.P("// writeKept sets the annotation to k, on a copy of the map, and fails when the")
	f.P("// annotations would exceed the API server's limit.")
	f.P("func writeKept(meta *%s, k any) error {", meta)
	f.P("data, err := %s(k)\nif err != nil {\nreturn err\n}", f.Qual("encoding/json", "Marshal"))
	f.P("annotations := %s(meta.Annotations)", f.Qual("maps", "Clone"))
	f.P("if annotations == nil {\nannotations = map[string]string{}\n}")
	f.P("annotations[keptAnnotation] = string(data)")
	f.P("if err := %s(annotations); err != nil {", f.Qual(validationPkg, "ValidateAnnotationsSize"))
	f.P("return %s(\"keeping %%d bytes of fields in annotation %%s: %%w\", len(data), keptAnnotation, err)\n}", f.Qual("fmt", "Errorf"))
	f.P("meta.Annotations = annotations\nreturn nil\n}\n")

	f.P("// dropKept removes the annotation, on a copy of the map.")
	f.P("func dropKept(meta *%s) {", meta)
	f.P("if _, ok := meta.Annotations[keptAnnotation]; !ok {\nreturn\n}")
	f.P("annotations := %s(meta.Annotations)", f.Qual("maps", "Clone"))
	f.P("delete(annotations, keptAnnotation)")
	f.P("if len(annotations) == 0 {\nannotations = nil\n}")
	f.P("meta.Annotations = annotations\n}\n")

}

// convertName is conversion-gen's name of the conversion from in to out.
func (w *spokeFile) convertName(in, out *types.Type) string {
	if w.public == nil {
		w.public = &namer.NameStrategy{
			Join:                func(pre string, in []string, post string) string { return strings.Join(in, "_") },
			PrependPackageNames: 1,
		}
	}
	return "Convert_" + w.public.Name(in) + "_To_" + w.public.Name(out)
}
