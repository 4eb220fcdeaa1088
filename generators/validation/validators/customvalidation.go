package validators

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const (
	tnCustomValidation = "k8s:customValidation"
	// customFuncPrefix starts the name of every hand-written function that
	// +k8s:customValidation calls: ValidateCustom_<Type> for a type,
	// ValidateCustom_<Type>_<Field> for a field.
	customFuncPrefix = "ValidateCustom_"
)

func init() {
	Register(func() TagValidator {
		return &customTag{tagSpec: tagSpec{tnCustomValidation, []Scope{ScopeType, ScopeField}}}
	})
}

// customTag is +k8s:customValidation: the generated code calls a
// hand-written function of the generated package, named by convention.
type customTag struct {
	tagSpec
	universe  types.Universe
	canonical map[string]string
	// called holds every function some tag calls, to find those that no
	// tag calls.
	called map[types.Name]bool
}

func (ct *customTag) Init(cfg Config) {
	ct.universe = cfg.Universe
	ct.canonical = cfg.InputToCanonicalPkg
	ct.called = map[types.Name]bool{}
}

func (ct *customTag) GetValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	owner := ctx.Type
	if ctx.Scope == ScopeField {
		owner = ctx.ParentType
	}
	pkg, ok := ct.canonical[owner.Name.Package]
	if !ok {
		return Validations{}, fmt.Errorf("cannot resolve generated package for %s (is it being processed by validation-gen?)", owner.Name.Package)
	}
	fn := types.Name{Package: pkg, Name: customFuncPrefix + owner.Name.Name}
	if ctx.Scope == ScopeField {
		fn.Name += "_" + ctx.Member.Name
	}
	// The function gets the value the way the generated code holds it:
	// nilable, so a pointer unless it already is a pointer, slice or map.
	arg := ctx.Type
	if !IsNilableType(arg) {
		arg = types.PointerTo(arg)
	}
	if err := ct.checkFunc(fn, arg); err != nil {
		return Validations{}, err
	}
	ct.called[fn] = true
	// No Emits: what a hand-written function reports is unknown.
	return single(Function(tnCustomValidation, DefaultFlags, fn).WithComment("custom validation")), nil
}

// checkFunc makes sure fn exists with the signature of a validation function
// for values of type arg. Without a universe there is nothing to check.
func (ct *customTag) checkFunc(fn types.Name, arg *types.Type) error {
	if ct.universe == nil {
		return nil
	}
	pkg := ct.universe[fn.Package]
	if pkg == nil {
		return fmt.Errorf("+%s: cannot find package %q to verify function %q", tnCustomValidation, fn.Package, fn.Name)
	}
	f := pkg.Functions[fn.Name]
	if f == nil {
		return fmt.Errorf("+%s: expected hand-written function %s.%s was not found", tnCustomValidation, fn.Package, fn.Name)
	}
	if f.Underlying == nil || !isValidatorSignature(f.Underlying.Signature, arg) {
		return fmt.Errorf("+%s: %s.%s must have signature "+
			"func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue %s) field.ErrorList",
			tnCustomValidation, fn.Package, fn.Name, shortTypeText(arg))
	}
	return nil
}

// isValidatorSignature reports whether sig is
// func(context.Context, operation.Operation, *field.Path, arg, arg) field.ErrorList.
func isValidatorSignature(sig *types.Signature, arg *types.Type) bool {
	if sig == nil || sig.Variadic || len(sig.Parameters) != 5 || len(sig.Results) != 1 {
		return false
	}
	p := sig.Parameters
	named := func(t *types.Type, pkg, name string) bool {
		return t != nil && t.Name == types.Name{Package: pkg, Name: name}
	}
	const fieldPkg = "k8s.io/apimachinery/pkg/util/validation/field"
	return named(p[0].Type, "context", "Context") &&
		named(p[1].Type, "k8s.io/apimachinery/pkg/api/operation", "Operation") &&
		p[2].Type != nil && p[2].Type.Kind == types.Pointer && named(p[2].Type.Elem, fieldPkg, "Path") &&
		shapeEqual(p[3].Type, arg) && shapeEqual(p[4].Type, arg) &&
		named(sig.Results[0].Type, fieldPkg, "ErrorList")
}

// shapeEqual compares two types by kind, element types and, for the rest,
// name.
func shapeEqual(a, b *types.Type) bool {
	if a == nil || b == nil || a.Kind != b.Kind {
		return a == nil && b == nil
	}
	switch a.Kind {
	case types.Map:
		return shapeEqual(a.Key, b.Key) && shapeEqual(a.Elem, b.Elem)
	case types.Pointer, types.Slice, types.Array:
		return shapeEqual(a.Elem, b.Elem)
	}
	return a.Name == b.Name
}

// shortTypeText writes t with unqualified names, such as []StringType.
func shortTypeText(t *types.Type) string {
	if t == nil {
		return "?"
	}
	switch t.Kind {
	case types.Pointer:
		return "*" + shortTypeText(t.Elem)
	case types.Slice, types.Array:
		return "[]" + shortTypeText(t.Elem)
	case types.Map:
		return "map[" + shortTypeText(t.Key) + "]" + shortTypeText(t.Elem)
	}
	return t.Name.Name
}

// CustomProblem is a ValidateCustom_* function that is not where, or not
// what, +k8s:customValidation expects.
type CustomProblem struct {
	Func types.Name
	Msg  string
}

// CustomValidationProblems is called once every input has been processed.
// It returns the ValidateCustom_* functions that no +k8s:customValidation
// tag calls, and those in an input package rather than in the generated
// package, sorted.
func (r *Registry) CustomValidationProblems() []CustomProblem {
	tv, _ := r.Lookup(tnCustomValidation)
	ct, ok := tv.(*customTag)
	if !ok || ct.universe == nil {
		return nil
	}
	var out []CustomProblem
	checked := map[string]bool{}
	for in, gen := range ct.canonical {
		if in != gen {
			for _, name := range ct.customFuncs(in) {
				out = append(out, CustomProblem{types.Name{Package: in, Name: name}, "move to the generated package " + gen})
			}
		}
		if checked[gen] {
			continue
		}
		checked[gen] = true
		for _, name := range ct.customFuncs(gen) {
			if fn := (types.Name{Package: gen, Name: name}); !ct.called[fn] {
				out = append(out, CustomProblem{fn, "no matching tag (add +" + tnCustomValidation + ", or rename if not a custom validation)"})
			}
		}
	}
	slices.SortFunc(out, func(a, b CustomProblem) int {
		return strings.Compare(a.Func.String()+": "+a.Msg, b.Func.String()+": "+b.Msg)
	})
	return out
}

// VerifyCustomValidationsHaveTags is CustomValidationProblems as one
// error, or nil.
func (r *Registry) VerifyCustomValidationsHaveTags() error {
	var problems []string
	for _, p := range r.CustomValidationProblems() {
		problems = append(problems, fmt.Sprintf("%s.%s: %s", p.Func.Package, p.Func.Name, p.Msg))
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("+%s: %s", tnCustomValidation, strings.Join(problems, "; "))
}

// customFuncs lists the ValidateCustom_* functions of a package.
func (ct *customTag) customFuncs(pkgPath string) []string {
	pkg := ct.universe[pkgPath]
	if pkg == nil {
		return nil
	}
	var out []string
	for name := range pkg.Functions {
		if strings.HasPrefix(name, customFuncPrefix) {
			out = append(out, name)
		}
	}
	return out
}

func (ct *customTag) Docs() TagDoc {
	return describe(ct, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Has the generated code call a validation function written by hand.",
		Docs: "Write the function in the generated package as " +
			"func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue <ValueType>) field.ErrorList. " +
			"<ValueType> is the validated type in nilable form: the type itself for slices, maps and pointers, a pointer to it otherwise (such as *string). " +
			"Name it ValidateCustom_<Type> for the tag on a type, or ValidateCustom_<Type>_<Field> for the tag on a field, " +
			"using Go names (Replicas, not the JSON name replicas). " +
			"A field's function is not called on an update that leaves the field as it was. " +
			"A type's function is always called, so it suits rules spanning several fields; if it is costly, return early when value and oldValue are equal. " +
			"To check each element of a list or map, tag the element type, or tag the field and loop in the function.",
	})
}
