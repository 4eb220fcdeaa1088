package validators

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// probeTag is a test-only tag whose validation is one short-circuit call
// of "Probe" with the tag's value.
const probeTagName = "k8s:probeForTests"

type probeTag struct{}

func (probeTag) Init(Config)     {}
func (probeTag) TagName() string { return probeTagName }
func (probeTag) ValidScopes() sets.Set[Scope] {
	return sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapVal)
}
func (probeTag) Docs() TagDoc {
	return TagDoc{Tag: probeTagName, StabilityLevel: TagStabilityLevelStable, PayloadsType: codetags.ValueTypeString}
}
func (probeTag) GetValidations(_ Context, tag codetags.Tag) (Validations, error) {
	f := Function(probeTagName, ShortCircuit, stdFn("Probe"), tag.Value)
	return Validations{Functions: []FunctionGen{f}}, nil
}

const testPkg = "example.com/api"

// fixture holds a few types and a fresh registry.
type fixture struct {
	t    *testing.T
	reg  *Registry
	u    types.Universe
	item *types.Type // struct Item {Name string; Port *int; Count int}
	list *types.Type // []Item
	host *types.Type // struct Host {Items []Item}
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t, u: types.Universe{}}
	f.item = f.structType("Item",
		types.Member{Name: "Name", Type: types.String, Tags: `json:"name"`},
		types.Member{Name: "Port", Type: types.PointerTo(types.Int), Tags: `json:"port,omitempty"`},
		types.Member{Name: "Count", Type: types.Int, Tags: `json:"count"`},
	)
	f.list = &types.Type{Name: types.Name{Name: "[]" + f.item.String()}, Kind: types.Slice, Elem: f.item}
	f.host = f.structType("Host", types.Member{Name: "Items", Type: f.list, Tags: `json:"items"`})
	// The probe joins only the registries of these tests.
	saved := factories
	factories = append(slices.Clone(factories), func() TagValidator { return probeTag{} })
	f.reg = New(Config{Universe: f.u})
	factories = saved
	return f
}

func (f *fixture) structType(name string, members ...types.Member) *types.Type {
	t := f.u.Type(types.Name{Package: testPkg, Name: name})
	t.Kind = types.Struct
	t.Members = members
	return t
}

// fieldCtx is the context of member i of struct st.
func fieldCtx(st *types.Type, i int) Context {
	m := &st.Members[i]
	parent := field.NewPath(st.String())
	return Context{
		Scope:      ScopeField,
		Type:       m.Type,
		Path:       parent.Child(strings.Split(m.Tags[len(`json:"`):], `"`)[0]),
		Member:     m,
		ParentPath: parent,
		ParentType: st,
	}
}

func parseTags(t *testing.T, lines ...string) []codetags.Tag {
	t.Helper()
	var out []codetags.Tag
	for _, l := range lines {
		tag, err := codetags.Parse(strings.TrimPrefix(l, "+"))
		if err != nil {
			t.Fatalf("parse %q: %v", l, err)
		}
		out = append(out, tag)
	}
	return out
}

// run evaluates tags in one context and resolves every deferred
// validation, returning the validations per scope.
func (f *fixture) run(ctx Context, lines ...string) (this, parent Validations, err error) {
	this, later, err := f.extract(ctx, lines...)
	if err != nil {
		return Validations{}, Validations{}, err
	}
	parent, err = resolveAll(later)
	return this, parent, err
}

// runStruct evaluates the tags of each field of st (by index), then the
// validations the fields left for the struct.
func (f *fixture) runStruct(st *types.Type, tags map[int][]string) (fields, parent Validations, err error) {
	var later []DeferredGen
	for i := range st.Members {
		this, l, err := f.extract(fieldCtx(st, i), tags[i]...)
		if err != nil {
			return Validations{}, Validations{}, err
		}
		fields.Add(this)
		later = append(later, l...)
	}
	parent, err = resolveAll(later)
	return fields, parent, err
}

// extract evaluates tags and resolves what they defer to this context;
// what they defer to the parent is returned.
func (f *fixture) extract(ctx Context, lines ...string) (Validations, []DeferredGen, error) {
	v, err := f.reg.ExtractTagValidations(ctx, parseTags(f.t, lines...)...)
	if err != nil {
		return Validations{}, nil, err
	}
	return resolveThis(v)
}

func resolveThis(v Validations) (Validations, []DeferredGen, error) {
	this := v.Clone()
	this.Deferred = nil
	var later []DeferredGen
	for _, d := range v.Deferred {
		if d.Scope == ParentContext {
			later = append(later, d)
			continue
		}
		inner, err := d.Callback()
		if err != nil {
			return Validations{}, nil, err
		}
		t, l, err := resolveThis(inner)
		if err != nil {
			return Validations{}, nil, err
		}
		this.Add(t)
		later = append(later, l...)
	}
	return this, later, nil
}

// resolveAll runs deferred validations, and the ones they defer, to the end.
func resolveAll(ds []DeferredGen) (Validations, error) {
	var out Validations
	for _, d := range ds {
		inner, err := d.Callback()
		if err != nil {
			return Validations{}, err
		}
		t, l, err := resolveThis(inner)
		if err != nil {
			return Validations{}, err
		}
		more, err := resolveAll(l)
		if err != nil {
			return Validations{}, err
		}
		out.Add(t)
		out.Add(more)
	}
	return out, nil
}

func mustFail(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got error %v, want one containing %q", err, want)
	}
}

func TestListMapUniqueness(t *testing.T) {
	f := newFixture(t)
	v, _, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=map`, `+k8s:listMapKey=name`, `+k8s:listMapKey=port`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 1 {
		t.Fatalf("got %d functions, want 1", len(v.Functions))
	}
	fn := v.Functions[0]
	if fn.TagName != "listValidator" || fn.Function != stdFn("ValSliceUnique") {
		t.Errorf("got %s calling %v", fn.TagName, fn.Function)
	}
	lit := fn.Args[0].(FunctionLiteral)
	want := "return a.Name == b.Name && ((a.Port == nil && b.Port == nil) || (a.Port != nil && b.Port != nil && *a.Port == *b.Port))"
	if lit.Body != want {
		t.Errorf("body:\n got %s\nwant %s", lit.Body, want)
	}
	if lit.Parameters[0].Type.String() != "*"+f.item.String() || lit.Results[0].Type != types.Bool {
		t.Errorf("bad signature %+v", lit)
	}
	wantEmit := []Emission{{Type: field.ErrorTypeDuplicate, PathFragment: "[*]"}}
	if !reflect.DeepEqual(fn.Emits, wantEmit) || !reflect.DeepEqual(fn.Comments, []string{"lists with map semantics require unique keys"}) {
		t.Errorf("emits %v comments %v", fn.Emits, fn.Comments)
	}
	// ListMatchArgs sees the same facts.
	match, equiv := f.reg.ListMatchArgs(fieldCtx(f.host, 0).Path, f.list)
	if match.(FunctionLiteral).Body != want || equiv != Identifier(stdFn("SemanticDeepEqual")) {
		t.Errorf("ListMatchArgs gave %v, %v", match, equiv)
	}
}

func TestListSetAndCustomUnique(t *testing.T) {
	f := newFixture(t)
	strs := &types.Type{Name: types.Name{Name: "[]string"}, Kind: types.Slice, Elem: types.String}
	st := f.structType("S",
		types.Member{Name: "A", Type: strs, Tags: `json:"a"`},
		types.Member{Name: "B", Type: strs, Tags: `json:"b"`})
	ctx := fieldCtx(st, 0)
	ctx.StabilityLevel = ValidationStabilityLevelAlpha
	v, _, err := f.run(ctx, `+k8s:listType=set`)
	if err != nil {
		t.Fatal(err)
	}
	fn := v.Functions[0]
	if fn.Args[0] != Identifier(stdFn("DirectEqual")) || fn.StabilityLevel != ValidationStabilityLevelAlpha {
		t.Errorf("got %+v", fn)
	}
	v, _, err = f.run(fieldCtx(st, 1), `+k8s:listType=set`, `+k8s:customUnique`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 0 || len(v.Comments) != 1 {
		t.Errorf("customUnique: got %+v", v)
	}
}

func TestListTagErrors(t *testing.T) {
	for _, tc := range []struct {
		tags []string
		want string
	}{
		{[]string{`+k8s:listType=map`, `+k8s:listMapKey=missing`}, "no field with JSON name"},
		{[]string{`+k8s:listType=map`}, "listMapKey"},
		{[]string{`+k8s:listType=set`, `+k8s:listMapKey=name`}, "listType=map or unique=map"},
		{[]string{`+k8s:listType=bag`}, "unknown listType"},
		{[]string{`+k8s:listType=set`, `+k8s:unique=set`}, "listType=atomic"},
		{[]string{`+k8s:unique=set`}, "listType is required"},
		{[]string{`+k8s:listType=atomic`, `+k8s:listType=set`}, "only one listType"},
	} {
		f := newFixture(t)
		_, _, err := f.run(fieldCtx(f.host, 0), tc.tags...)
		mustFail(t, err, tc.want)
	}
	f := newFixture(t)
	_, _, err := f.run(fieldCtx(f.item, 0), `+k8s:listType=set`)
	mustFail(t, err, "only lists")
}

func TestListUniqueWithAtomic(t *testing.T) {
	f := newFixture(t)
	v, _, err := f.run(fieldCtx(f.host, 0), `+k8s:listType=atomic`, `+k8s:unique=map`, `+k8s:listMapKey=name`)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 1 || v.Functions[0].Args[0].(FunctionLiteral).Body != "return a.Name == b.Name" {
		t.Fatalf("got %+v", v.Functions)
	}
}

func TestListTypeOnTypedef(t *testing.T) {
	f := newFixture(t)
	alias := f.u.Type(types.Name{Package: testPkg, Name: "Items"})
	alias.Kind, alias.Underlying = types.Alias, f.list
	typeCtx := Context{Scope: ScopeType, Type: alias, Path: field.NewPath(alias.String())}
	if _, _, err := f.run(typeCtx, `+k8s:listType=map`, `+k8s:listMapKey=name`); err != nil {
		t.Fatal(err)
	}
	st := f.structType("UsesAlias", types.Member{Name: "Items", Type: alias, Tags: `json:"items"`})
	match, equiv := f.reg.ListMatchArgs(fieldCtx(st, 0).Path, alias)
	if match.(FunctionLiteral).Body != "return a.Name == b.Name" || equiv == Literal("nil") {
		t.Errorf("got %v %v", match, equiv)
	}
}
