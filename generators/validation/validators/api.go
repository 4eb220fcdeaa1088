// Package validators holds the validation tags (+k8s:required,
// +k8s:maxLength, +k8s:eachVal, …) and what each one generates. A tag
// validator turns one tag, in one context, into calls of the runtime's
// validation functions; the generator in the parent package decides where
// and in what order the calls are written.
package validators

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// TagValidator is one validation tag. A fresh value is made for every run
// (see Register), so a validator may keep state across the contexts of a
// run, for example to gather the members of a union before emitting it.
type TagValidator interface {
	// Init is called once, before any context is seen.
	Init(cfg Config)
	// TagName is the tag's name without the "+", such as "k8s:maxLength".
	TagName() string
	// ValidScopes are the places where the tag may stand.
	ValidScopes() sets.Set[Scope]
	// GetValidations returns the validations the tag asks for in context.
	GetValidations(context Context, tag codetags.Tag) (Validations, error)
	// Docs describes the tag: its arguments, payloads and scopes.
	Docs() TagDoc
}

// Config is what validators may use besides the tag and its context.
type Config struct {
	// Universe holds every type, function and constant of the load.
	Universe types.Universe
	// TagValidator evaluates tags nested in another tag's payload, such as
	// the +k8s:maxLength in +k8s:eachVal=+k8s:maxLength=8. Not for Init.
	TagValidator TagValidationExtractor
	// InputToCanonicalPkg maps each input package to the package where its
	// validation functions are generated.
	InputToCanonicalPkg map[string]string

	shared *runShared // what the validators of this run learn together; set by New
}

// Scope is where a tag stands. Its text fits "may not be used in %s".
type Scope string

const (
	ScopeType    Scope = "type definitions"
	ScopeField   Scope = "struct fields"
	ScopeListVal Scope = "list values"
	ScopeMapKey  Scope = "map keys"
	ScopeMapVal  Scope = "map values"
	ScopeConst   Scope = "constant values"
)

// Context is the place a tag is evaluated in.
type Context struct {
	Scope Scope
	// Type is the type being validated: the declared type for ScopeType,
	// the field's type (maybe a pointer or a named type) for ScopeField,
	// the element or key type for the list and map scopes, and the
	// constant's type for ScopeConst.
	Type *types.Type
	// Path names the place: "pkg.Type" for a type, the field path for a
	// field, with a suffix for list values and map keys or values. Nil for
	// constants.
	Path *field.Path
	// Member is the struct field, for ScopeField only.
	Member *types.Member
	// ListSelector selects list items, for ScopeListVal only; empty selects
	// every item.
	ListSelector []ListSelectorTerm
	// ParentPath and ParentType are the enclosing struct (for a field) or
	// list or map (for its values and keys). Nil for ScopeType.
	ParentPath *field.Path
	ParentType *types.Type
	// Constants are the constants of the type, for ScopeType only.
	Constants []*Constant
	// StabilityLevel is set inside +k8s:alpha and +k8s:beta.
	StabilityLevel ValidationStabilityLevel
}

// Constant is a constant and the validation tags on it.
type Constant struct {
	Constant *types.Type
	Tags     []codetags.Tag
}

// ListSelectorTerm matches list items whose field (by JSON name) has Value,
// a string, int or bool.
type ListSelectorTerm struct {
	Field string
	Value any
}

// TagStabilityLevel is how settled a tag's meaning is.
type TagStabilityLevel string

const (
	TagStabilityLevelAlpha  TagStabilityLevel = "Alpha"
	TagStabilityLevelBeta   TagStabilityLevel = "Beta"
	TagStabilityLevelStable TagStabilityLevel = "Stable"
)

// ValidationStabilityLevel says whether a validation is authoritative:
// alpha and beta validations run beside hand-written ones.
type ValidationStabilityLevel string

const (
	ValidationStabilityLevelAlpha ValidationStabilityLevel = "Alpha"
	ValidationStabilityLevelBeta  ValidationStabilityLevel = "Beta"
)

// TagDoc describes a tag; --docs prints a list of them as JSON, so the
// field names are those of upstream's catalog.
type TagDoc struct {
	Tag                string
	StabilityLevel     TagStabilityLevel
	Args               []TagArgDoc `json:",omitempty"`
	Usage              string
	Description        string
	Docs               string
	Warning            string `json:",omitempty"`
	Scopes             []Scope
	Payloads           []TagPayloadDoc    `json:",omitempty"`
	PayloadsType       codetags.ValueType `json:",omitempty"`
	PayloadsRequired   bool               `json:",omitempty"`
	AcceptsUnknownArgs bool               `json:",omitempty"`
}

// Arg returns the documented argument named name ("" for positional).
func (td TagDoc) Arg(name string) (TagArgDoc, bool) {
	for _, a := range td.Args {
		if a.Name == name {
			return a, true
		}
	}
	return TagArgDoc{}, false
}

// TagArgDoc describes one argument, as in +tag(arg) or +tag(name: arg).
type TagArgDoc struct {
	Name        string // "" for the positional argument
	Description string
	Type        codetags.ArgType
	Required    bool
	Default     string
	Docs        string
}

// TagPayloadDoc describes one kind of value after "=".
type TagPayloadDoc struct {
	Description string
	Docs        string
}

// Validations is what tags ask the generator to write.
type Validations struct {
	// Functions are the validation calls. Each callee takes (ctx, op,
	// fldPath, value, oldValue) and then Args; the generator orders them.
	Functions []FunctionGen
	// Variables are package-level variables the calls use.
	Variables []VariableGen
	// Comments are written as "// " lines.
	Comments []string
	// OpaqueType, OpaqueKeyType and OpaqueValType stop the generator from
	// calling the validation of the type, its map keys, or its elements.
	OpaqueType    bool
	OpaqueKeyType bool
	OpaqueValType bool
	// Deferred are evaluated once the rest of the context (ThisContext) or
	// the enclosing one (ParentContext) is known; they may defer again.
	Deferred []DeferredGen
}

// Empty reports whether v asks for nothing at all.
func (v *Validations) Empty() bool {
	return !v.HasEmitable() && !v.OpaqueType && !v.OpaqueKeyType && !v.OpaqueValType
}

// HasEmitable reports whether v has anything that may produce code.
func (v *Validations) HasEmitable() bool {
	return len(v.Functions)+len(v.Variables)+len(v.Comments)+len(v.Deferred) > 0
}

func (v *Validations) AddFunction(f FunctionGen)  { v.Functions = append(v.Functions, f) }
func (v *Validations) AddVariable(vr VariableGen) { v.Variables = append(v.Variables, vr) }
func (v *Validations) AddDeferred(d DeferredGen)  { v.Deferred = append(v.Deferred, d) }
func (v *Validations) AddComment(c string)        { v.Comments = append(v.Comments, c) }

// Add appends o to v.
func (v *Validations) Add(o Validations) {
	v.Functions = append(v.Functions, o.Functions...)
	v.Variables = append(v.Variables, o.Variables...)
	v.Comments = append(v.Comments, o.Comments...)
	v.Deferred = append(v.Deferred, o.Deferred...)
	v.OpaqueType = v.OpaqueType || o.OpaqueType
	v.OpaqueKeyType = v.OpaqueKeyType || o.OpaqueKeyType
	v.OpaqueValType = v.OpaqueValType || o.OpaqueValType
}

// Clone returns v with slices of its own.
func (v Validations) Clone() Validations {
	out := v
	out.Functions = cloneNonNil(v.Functions)
	out.Variables = cloneNonNil(v.Variables)
	out.Comments = cloneNonNil(v.Comments)
	out.Deferred = cloneNonNil(v.Deferred)
	return out
}

func cloneNonNil[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// WrapFunctions returns v with wrap applied to every function, including
// those that its deferred validations produce later. wrap is told the
// scope the function will land in.
func WrapFunctions(v Validations, wrap func(FunctionGen, DeferredScope) FunctionGen) Validations {
	return wrapIn(v, wrap, ThisContext)
}

func wrapIn(v Validations, wrap func(FunctionGen, DeferredScope) FunctionGen, scope DeferredScope) Validations {
	out := v.Clone()
	out.Functions, out.Deferred = nil, nil
	for _, f := range v.Functions {
		out.AddFunction(wrap(f, scope))
	}
	for _, d := range v.Deferred {
		d := d
		out.AddDeferred(Deferred(d.Scope, func() (Validations, error) {
			inner, err := d.Callback()
			if err != nil {
				return Validations{}, err
			}
			return wrapIn(inner, wrap, d.Scope), nil
		}))
	}
	return out
}

// FunctionFlags are properties of a validation call.
type FunctionFlags uint32

// IsSet reports whether every flag of wanted is set.
func (ff FunctionFlags) IsSet(wanted FunctionFlags) bool { return ff&wanted == wanted }

const (
	DefaultFlags FunctionFlags = 0
	// ShortCircuit: if this call (or any other short-circuit call of the
	// same place) fails, the place's other calls are skipped.
	ShortCircuit FunctionFlags = 1 << iota
	// NonError: a failure is not reported as an error, but still counts for
	// ShortCircuit.
	NonError
)

// Conditions gate a call on validation options.
type Conditions struct {
	OptionEnabled  string // the option must be on
	OptionDisabled string // the option must be off
}

// Empty reports whether there is no condition.
func (c Conditions) Empty() bool { return c.OptionEnabled == "" && c.OptionDisabled == "" }

// Identifier is written as a name through the raw namer, so its package is
// imported.
type Identifier types.Name

// PrivateVar is a package-level variable, written through the private namer.
type PrivateVar types.Name

// Literal is written as it is.
type Literal string

// FunctionLiteral is a func literal with the given parameters, results and
// body.
type FunctionLiteral struct {
	Parameters []ParamResult
	Results    []ParamResult
	Body       string
}

// ParamResult is one parameter or result of a FunctionLiteral.
type ParamResult struct {
	Name string
	Type *types.Type
}

// StructLiteral is a composite literal of a struct type.
type StructLiteral struct {
	Type     types.Name
	TypeArgs []*types.Type
	Fields   []StructLiteralField
}

// StructLiteralField is one "Name: Value" of a StructLiteral.
type StructLiteralField struct {
	Name  string
	Value any
}

// SliceLiteral is a composite literal of a slice type.
type SliceLiteral struct {
	ElementType     types.Name
	ElementTypeArgs []*types.Type
	Elements        []any
}

// WrapperFunction is a func literal with the signature of a validation
// function that calls Function on its arguments. PathFragment is what the
// caller appends to the field path before calling, for tools that follow
// the calls (such as the coverage fixtures).
type WrapperFunction struct {
	Function     FunctionGen
	ObjType      *types.Type
	PathFragment string
}

// MultiWrapperFunction is a WrapperFunction that calls several functions.
type MultiWrapperFunction struct {
	Functions    []FunctionGen
	ObjType      *types.Type
	PathFragment string
}

// Emission is an error a runtime function reports: its type, origin, and
// the path fragment it appends to fldPath ("" for none).
type Emission struct {
	Type         field.ErrorType
	Origin       string
	PathFragment string
}

// FunctionGen is one call to write.
type FunctionGen struct {
	TagName  string // the tag that asked for it
	Cohort   string // calls of one cohort are written together
	Flags    FunctionFlags
	Function types.Name
	// Args follow the standard arguments. Each is a Go value (string, the
	// int and float kinds, bool, slices and maps of them), a *types.Type,
	// a *types.Member of the value, or one of Identifier, PrivateVar,
	// Literal, FunctionLiteral, StructLiteral, SliceLiteral,
	// WrapperFunction, MultiWrapperFunction or FunctionGen.
	Args       []any
	TypeArgs   []types.Name // explicit type arguments of a generic call
	Conditions Conditions
	Comments   []string // written above the call, without "//"

	StabilityLevel ValidationStabilityLevel
	// StabilityLevelSelfManaged: the call handles its level itself, and
	// +k8s:alpha and +k8s:beta leave it alone.
	StabilityLevelSelfManaged bool
	Emits                     []Emission
}

// Function returns a call of function with extra arguments.
func Function(tagName string, flags FunctionFlags, function types.Name, extraArgs ...any) FunctionGen {
	return FunctionGen{TagName: tagName, Flags: flags, Function: function, Args: extraArgs}
}

func (fg FunctionGen) WithTypeArgs(typeArgs ...types.Name) FunctionGen {
	fg.TypeArgs = typeArgs
	return fg
}

func (fg FunctionGen) WithConditions(c Conditions) FunctionGen {
	fg.Conditions = c
	return fg
}

func (fg FunctionGen) WithComments(comments ...string) FunctionGen {
	fg.Comments = append(fg.Comments, comments...)
	return fg
}

func (fg FunctionGen) WithComment(comment string) FunctionGen { return fg.WithComments(comment) }

func (fg FunctionGen) WithStabilityLevel(level ValidationStabilityLevel) FunctionGen {
	fg.StabilityLevel = level
	return fg
}

func (fg FunctionGen) WithEmits(emits ...Emission) FunctionGen {
	fg.Emits = emits
	return fg
}

// DeferredScope is how long a validation waits.
type DeferredScope string

const (
	ThisContext   DeferredScope = "ThisContext"   // the end of this field or type
	ParentContext DeferredScope = "ParentContext" // the end of the enclosing struct
)

// DeferredGen is a validation decided later.
type DeferredGen struct {
	Scope    DeferredScope
	Callback func() (Validations, error)
}

// Deferred returns a DeferredGen.
func Deferred(scope DeferredScope, callback func() (Validations, error)) DeferredGen {
	return DeferredGen{Scope: scope, Callback: callback}
}

// VariableGen is a package-level variable and its initializer, which may
// be anything FunctionGen.Args may hold.
type VariableGen struct {
	Variable    PrivateVar
	Initializer any
}

// Variable returns a VariableGen.
func Variable(v PrivateVar, initializer any) VariableGen {
	return VariableGen{Variable: v, Initializer: initializer}
}
