package validators

import (
	"strconv"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

func TestLimitTags(t *testing.T) {
	cases := []struct {
		tag     string
		typ     *types.Type
		flags   FunctionFlags
		errType field.ErrorType
		arg     any
	}{
		{"k8s:maxLength=8", tNamedString, DefaultFlags, field.ErrorTypeTooLong, 8},
		{"k8s:maxLength=0", types.PointerTo(types.String), DefaultFlags, field.ErrorTypeTooLong, 0},
		{"k8s:maxBytes=16", types.String, DefaultFlags, field.ErrorTypeTooLong, 16},
		{"k8s:minLength=2", types.String, DefaultFlags, field.ErrorTypeTooShort, 2},
		{"k8s:minItems=1", tStringSlice, DefaultFlags, field.ErrorTypeTooFew, 1},
		{"k8s:maxItems=5", tNamedSlice, ShortCircuit, field.ErrorTypeTooMany, 5},
		{"k8s:minProperties=1", tIntMap, DefaultFlags, field.ErrorTypeTooFew, 1},
		{"k8s:maxProperties=100000", tIntMap, ShortCircuit, field.ErrorTypeTooMany, 100000},
		{"k8s:minimum=-3", types.Int32, DefaultFlags, field.ErrorTypeInvalid, int64(-3)},
		{"k8s:maximum=7", types.PointerTo(types.Int64), DefaultFlags, field.ErrorTypeInvalid, int64(7)},
		{"k8s:minimum=1", types.Uint16, DefaultFlags, field.ErrorTypeInvalid, uint64(1)},
		{"k8s:maximum=255", types.Byte, DefaultFlags, field.ErrorTypeInvalid, uint64(255)},
	}
	for _, c := range cases {
		tag, _ := codetags.Parse(c.tag)
		origin := tag.Name[len("k8s:"):]
		runtime := string(origin[0]-'a'+'A') + origin[1:]
		want := []FunctionGen{Function(tag.Name, c.flags, stdFn(runtime), c.arg).WithEmits(emitting(c.errType, origin))}
		checkFunctions(t, c.tag, mustFunctions(t, fieldContext(c.typ), c.tag), want)
	}
}

func TestMinLengthZero(t *testing.T) {
	for _, text := range []string{"k8s:minLength=0", "k8s:minLength=-1"} {
		if got := mustFunctions(t, fieldContext(types.String), text); len(got) != 0 {
			t.Errorf("%s: got %#v", text, got)
		}
	}
}

func TestLimitErrors(t *testing.T) {
	cases := []struct {
		tag string
		ctx Context
		err string
	}{
		{"k8s:maxLength=8", fieldContext(types.Int), "can only be used on string types (int)"},
		{"k8s:maxBytes=8", fieldContext(tStringSlice), "can only be used on string types"},
		{"k8s:minLength=1", fieldContext(tIntMap), "can only be used on string types"},
		{"k8s:maxLength=-1", fieldContext(types.String), "must be greater than or equal to zero"},
		{"k8s:maxLength=010", fieldContext(types.String), "failed to parse tag payload as int"},
		{"k8s:maxLength=\"8\"", fieldContext(types.String), "tag value has wrong type"},
		{"k8s:maxLength", fieldContext(types.String), "missing required tag value"},
		{"k8s:minItems=1", fieldContext(types.String), "can only be used on list types (string)"},
		{"k8s:maxItems=1", fieldContext(types.PointerTo(tStringSlice)), "can only be used on list types"},
		{"k8s:maxItems=-2", fieldContext(tStringSlice), "must be greater than or equal to zero"},
		{"k8s:minProperties=1", fieldContext(tStringSlice), "can only be used on map types ([]string)"},
		{"k8s:maxProperties=1", fieldContext(tKeyIntMap), "can only be used on map types with string-based keys"},
		{"k8s:maxProperties=100001", fieldContext(tIntMap), "must be less than or equal to 100000"},
		{"k8s:minProperties=-1", fieldContext(tIntMap), "must be greater than or equal to zero"},
		{"k8s:minimum=1", fieldContext(types.String), "can only be used on integer types (string)"},
		{"k8s:maximum=1", fieldContext(types.Float64), "can only be used on integer types"},
		{"k8s:minimum=-1", fieldContext(types.Uint), "failed to parse tag payload"},
		{"k8s:maximum=40000", fieldContext(types.Int16), "does not fit in int16"},
		{"k8s:maximum=256", fieldContext(types.Byte), "does not fit in uint8"},
		{"k8s:minProperties=1", Context{Scope: ScopeListVal, Type: tIntMap}, "cannot be specified on list values"},
		{"k8s:minItems=1", Context{Scope: ScopeMapKey, Type: tStringSlice}, "cannot be specified on map keys"},
	}
	for _, c := range cases {
		wantError(t, c.ctx, c.tag, c.err)
	}
	maxInt := strconv.FormatInt(1<<62, 10)
	if got := mustFunctions(t, fieldContext(types.Int64), "k8s:maximum="+maxInt); got[0].Args[0] != int64(1<<62) {
		t.Errorf("got %#v", got[0].Args)
	}
}

func TestLimitDocs(t *testing.T) {
	scopes := map[string]int{
		"k8s:maxLength": 5, "k8s:maxBytes": 5, "k8s:minLength": 5, "k8s:minimum": 5, "k8s:maximum": 5,
		"k8s:minItems": 4, "k8s:maxItems": 4, "k8s:minProperties": 2, "k8s:maxProperties": 2,
	}
	reg := New(Config{})
	for name, n := range scopes {
		tv, ok := reg.Lookup(name)
		if !ok {
			t.Fatalf("%s not registered", name)
		}
		d := tv.Docs()
		if d.Tag != name || d.StabilityLevel != TagStabilityLevelStable || len(d.Scopes) != n ||
			d.PayloadsType != codetags.ValueTypeInt || !d.PayloadsRequired || len(d.Payloads) != 1 || d.Description == "" {
			t.Errorf("%s: bad docs %#v", name, d)
		}
	}
}
