package defaulter

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// checkPackage reports the +default markers of p's types and fields whose
// values cannot be applied to what they stand on, and +k8s:defaulter-gen
// markers on types that upstream would silently ignore (a warning).
func checkPackage(m *model.Model, p *model.Package, diags *diag.List) {
	for _, name := range slices.Sorted(maps.Keys(p.Types)) {
		t := p.Types[name]
		if !m.Declared(t) || len(t.TypeParams) > 0 || m.InstanceOf(t) != nil {
			continue
		}
		if _, mk, ok := enableType.Lookup(m.DocMarkers(t)); ok {
			diags.Warnf(mk.Pos, "+%s on type %s is read only from the comment block above its doc comment, separated from it by a blank line; here it has no effect", enableMarker, t.Name.Name)
		}
		if dv, mk, ok := markers.Default.Lookup(m.Markers(t)); ok && dv.Err == nil {
			// A type's default is applied to pointers to it, and to the
			// items of slices and maps of it.
			if err := applicable(t, dv, false); err != nil {
				diags.Errorf(mk.Pos, "+%s=%s does not fit type %s: %v", defaultMarker, dv.Raw, t.Name.Name, err)
			}
		}
		if t.Kind != types.Struct {
			continue
		}
		for i, f := range t.Members {
			dv, mk, ok := markers.Default.Lookup(m.FieldMarkers(t, i))
			if !ok || dv.Err != nil {
				continue
			}
			if err := applicable(f.Type, dv, true); err != nil {
				diags.Errorf(mk.Pos, "+%s=%s does not fit field %s.%s of type %s: %v", defaultMarker, dv.Raw, t.Name.Name, f.Name, spell(f.Type), err)
			}
		}
	}
}

// applicable checks that the generated code can apply v to a value of type
// t: basic values (behind any number of pointers) are assigned as Go
// literals, anything else is unmarshalled from JSON into the value when it
// is nil, which a field (but not a type's default) must be able to be.
func applicable(t *types.Type, v markers.DefaultValue, field bool) error {
	base, _ := resolve(t)
	if v.Ref != nil {
		if !base.IsPrimitive() {
			return fmt.Errorf("ref(...) can only default basic values and pointers to them")
		}
		return nil
	}
	if base.IsPrimitive() {
		if _, ok := zeroLiterals[base.Name.Name]; !ok {
			return fmt.Errorf("%s values cannot be defaulted", base.Name.Name)
		}
		if v.JSON == nil {
			return fmt.Errorf("null is not a %s", base.Name.Name)
		}
		if err := fitsLiteral(base.Name.Name, v.JSON); err != nil {
			return err
		}
		if s, ok := v.JSON.(string); ok {
			// The JSON text is written into the Go code as it stands.
			if q, err := strconv.Unquote(strings.TrimSpace(v.Raw)); err != nil || q != s {
				return fmt.Errorf("the string must be written so that it is also a Go string literal")
			}
		}
		return nil
	}
	switch k := underlying(t).Kind; {
	case !field, k == types.Pointer, k == types.Slice, k == types.Map, k == types.Interface:
	default:
		return fmt.Errorf("a default is applied when the field is nil, and a %s field never is; make it a pointer", strings.ToLower(string(k)))
	}
	if strings.Contains(v.Raw, "`") {
		return fmt.Errorf("the JSON text cannot contain a backquote")
	}
	return fits(t, v.JSON, false)
}

func underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t
}

// fits checks that JSON value v unmarshals into a value of type t. A
// reference is the Go compiler's to check.
func fits(t *types.Type, v any, ref bool) error {
	if ref || t == nil || unmarshalsItself(t) {
		return nil
	}
	switch t.Kind {
	case types.Alias:
		return fits(t.Underlying, v, false)
	case types.Pointer:
		if v == nil {
			return nil
		}
		if t.Elem == t {
			return fmt.Errorf("%s points to itself", spell(t))
		}
		return fits(t.Elem, v, false)
	case types.Interface, types.TypeParam:
		return nil
	case types.Builtin:
		return fitsBasic(t.Name.Name, v)
	case types.Slice, types.Array:
		if v == nil && t.Kind == types.Slice {
			return nil
		}
		if t.Kind == types.Slice && isByte(t.Elem) {
			s, ok := v.(string)
			if !ok {
				return fmt.Errorf("want a base64 string, got %s", describe(v))
			}
			if _, err := base64.StdEncoding.DecodeString(s); err != nil {
				return fmt.Errorf("%q is not base64: %v", s, err)
			}
			return nil
		}
		items, ok := v.([]any)
		if !ok {
			return fmt.Errorf("want an array, got %s", describe(v))
		}
		for i, item := range items {
			if err := fits(t.Elem, item, false); err != nil {
				return fmt.Errorf("item %d: %w", i, err)
			}
		}
		return nil
	case types.Map, types.Struct:
		if v == nil {
			return nil
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("want an object, got %s", describe(v))
		}
		if t.Kind == types.Map {
			return fitsMap(t, obj)
		}
		return fitsStruct(t, obj)
	}
	return fmt.Errorf("%s values cannot be given in JSON", spell(t))
}

// fitsMap checks the keys and values of a JSON object for map type t.
func fitsMap(t *types.Type, obj map[string]any) error {
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if err := fitsKey(t.Key, k); err != nil {
			return fmt.Errorf("key %q: %w", k, err)
		}
		if err := fits(t.Elem, obj[k], false); err != nil {
			return fmt.Errorf("key %q: %w", k, err)
		}
	}
	return nil
}

// fitsStruct checks the fields of a JSON object for struct type t.
func fitsStruct(t *types.Type, obj map[string]any) error {
	fields := jsonFields(t, 0)
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		f := lookupField(fields, k)
		if f == nil {
			return fmt.Errorf("%s has no field %q", spell(t), k)
		}
		if f.quoted {
			continue
		}
		if err := fits(f.typ, obj[k], false); err != nil {
			return fmt.Errorf("field %q: %w", k, err)
		}
	}
	return nil
}

// unmarshalsItself reports whether t decodes its own JSON, so any value
// may be right.
func unmarshalsItself(t *types.Type) bool {
	return t.Methods["UnmarshalJSON"] != nil || t.Methods["UnmarshalText"] != nil
}

func isByte(t *types.Type) bool {
	return t.Kind == types.Builtin && (t.Name.Name == "byte" || t.Name.Name == "uint8")
}

// intBits are the sizes of the integer types, for range checks.
var intBits = map[string]int{
	"int": 64, "int8": 8, "int16": 16, "int32": 32, "int64": 64, "rune": 32,
	"uint": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64, "byte": 8, "uintptr": 64,
}

func fitsBasic(name string, v any) error {
	bad := func() error { return fmt.Errorf("want %s, got %s", wantFor(name), describe(v)) }
	switch name {
	case "string":
		if _, ok := v.(string); !ok {
			return bad()
		}
	case "bool":
		if _, ok := v.(bool); !ok {
			return bad()
		}
	case "float32", "float64":
		n, ok := v.(json.Number)
		if !ok {
			return bad()
		}
		bits := 64
		if name == "float32" {
			bits = 32
		}
		if _, err := strconv.ParseFloat(string(n), bits); err != nil {
			return fmt.Errorf("%s is out of range for %s", n, name)
		}
	default:
		bits, isInt := intBits[name]
		if !isInt {
			return fmt.Errorf("%s values cannot be given in JSON", name)
		}
		n, ok := v.(json.Number)
		if !ok {
			return bad()
		}
		var err error
		if strings.HasPrefix(name, "u") || name == "byte" {
			_, err = strconv.ParseUint(string(n), 10, bits)
		} else {
			_, err = strconv.ParseInt(string(n), 10, bits)
		}
		if err != nil {
			return fmt.Errorf("%s is not a valid %s", n, name)
		}
	}
	return nil
}

// fitsLiteral checks a value that is written into the generated code as a
// Go constant of basic type name: integers may be spelled as JSON allows,
// such as 1e3, if the value is a whole number in range.
func fitsLiteral(name string, v any) error {
	n, ok := v.(json.Number)
	bits, isInt := intBits[name]
	if !ok || !isInt {
		return fitsBasic(name, v)
	}
	c := constant.ToInt(constant.MakeFromLiteral(string(n), token.FLOAT, 0))
	if c.Kind() != constant.Int {
		return fmt.Errorf("%s is not a whole number", n)
	}
	lo, hi := constant.MakeInt64(0), constant.MakeUint64(1<<bits-1)
	if !strings.HasPrefix(name, "u") && name != "byte" {
		lo, hi = constant.MakeInt64(-1<<(bits-1)), constant.MakeInt64(1<<(bits-1)-1)
	}
	if constant.Compare(c, token.LSS, lo) || constant.Compare(c, token.GTR, hi) {
		return fmt.Errorf("%s is out of range for %s", n, name)
	}
	return nil
}

// fitsKey checks a JSON object key against a map's key type.
func fitsKey(t *types.Type, k string) error {
	if unmarshalsItself(t) {
		return nil
	}
	t = underlying(t)
	if t.Kind != types.Builtin || t.Name.Name == "string" {
		return nil
	}
	return fitsBasic(t.Name.Name, json.Number(k))
}

func wantFor(name string) string {
	switch name {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "float32", "float64":
		return "a number"
	}
	return "an integer"
}

func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return string(v)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%v", v)
}

// jsonField is a struct field as encoding/json sees it.
type jsonField struct {
	name   string
	typ    *types.Type
	quoted bool // the ",string" option: the value is JSON inside a string
}

// jsonFields lists the fields encoding/json decodes into a struct of type
// t, the fields of embedded structs without a JSON name included.
func jsonFields(t *types.Type, depth int) []jsonField {
	var out, embedded []jsonField
	for _, m := range underlying(t).Members {
		name, opts, _ := strings.Cut(reflect.StructTag(m.Tags).Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		if m.Embedded && name == "" && depth < 10 {
			if s, _ := resolve(m.Type); s.Kind == types.Struct {
				embedded = append(embedded, jsonFields(s, depth+1)...)
				continue
			}
		}
		if name == "" {
			name = m.Name
		}
		if !m.Embedded && namer.IsPrivateGoName(m.Name) {
			continue
		}
		out = append(out, jsonField{name: name, typ: m.Type, quoted: slices.Contains(strings.Split(opts, ","), "string")})
	}
	return append(out, embedded...)
}

// lookupField finds the field a JSON key decodes into: an exact match, or
// else a case-insensitive one, as encoding/json does.
func lookupField(fields []jsonField, key string) *jsonField {
	for i := range fields {
		if fields[i].name == key {
			return &fields[i]
		}
	}
	for i := range fields {
		if strings.EqualFold(fields[i].name, key) {
			return &fields[i]
		}
	}
	return nil
}

// spell names t briefly for messages: the last element of its package
// path and its name.
func spell(t *types.Type) string {
	return namer.NewRawNamer("", nil).Name(t)
}
