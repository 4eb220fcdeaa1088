package conversion

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// pair is a conversion from one type to another.
type pair struct{ in, out *types.Type }

// manualConversions maps a conversion to the hand-written function that
// performs it: func Convert_<in>_To_<out>(in *In, out *Out, s conversion.Scope) error.
type manualConversions map[pair]*types.Type

// publicNamer names types the way conversion function names spell them:
// the last element of the package path, an underscore, the type name.
func publicNamer() *namer.NameStrategy {
	return &namer.NameStrategy{
		Join:                func(pre string, in []string, post string) string { return strings.Join(in, "_") },
		PrependPackageNames: 1,
	}
}

// findManual collects the hand-written conversion functions of the other
// packages and of the targets. It also returns the functions of the
// targets named Convert_* that cannot serve as conversions.
func findManual(m *model.Model, others []string, targets []target, diags *diag.List) (manualConversions, []unusable) {
	found := manualConversions{}
	names := publicNamer()
	for _, path := range others {
		if p := m.Package(path); p != nil {
			scanManual(m, p, names, found, nil)
		}
	}
	var bad []unusable
	for _, t := range targets {
		bad = append(bad, scanManual(m, t.pkg, names, found, diags)...)
	}
	return found, bad
}

// unusable is a function named like a conversion that cannot be one.
type unusable struct {
	f   *types.Type
	why error
}

// scanManual adds p's conversion functions to found. With diags, it also
// reports conversions defined twice, and returns the functions that look
// like conversions but cannot be used as one.
func scanManual(m *model.Model, p *model.Package, names namer.Namer, found manualConversions, diags *diag.List) []unusable {
	var bad []unusable
	for _, name := range slices.Sorted(maps.Keys(p.Functions)) {
		f := p.Functions[name]
		in, out, err := conversionTypes(f)
		if err == nil {
			want := "Convert_" + names.Name(in) + "_To_" + names.Name(out)
			if f.Name.Name != want {
				err = fmt.Errorf("a conversion from %s to %s must be named %s", in, out, want)
			}
		}
		switch {
		case err != nil && diags != nil && strings.HasPrefix(name, "Convert_"):
			bad = append(bad, unusable{f, err})
		case err != nil:
		default:
			key := pair{in, out}
			if prev, ok := found[key]; ok && prev.Name.Package != p.Path && diags != nil {
				diags.Errorf(m.Position(f), "%s duplicates the conversion %s.%s", name, prev.Name.Package, prev.Name.Name)
			}
			found[key] = f
		}
	}
	return bad
}

// reportUnusable reports the unusable functions of the package that file
// is written for. Upstream passes over them, which only breaks the package
// when the file declares a function of the same name; otherwise they just
// go unused. file is nil when it could not be written.
func reportUnusable(m *model.Model, bad []unusable, pkg string, file *output.File, diags *diag.List) {
	for _, u := range bad {
		if u.f.Name.Package != pkg {
			continue
		}
		name := u.f.Name.Name
		if file == nil || bytes.Contains(file.Data, []byte("\nfunc "+name+"(")) {
			diags.Errorf(m.Position(u.f), "%s is not a usable conversion function: %v", name, u.why)
		} else {
			diags.Warnf(m.Position(u.f), "%s is not a usable conversion function, so it is never called: %v", name, u.why)
		}
	}
}

// conversionTypes checks that f has the signature of a conversion function
// and returns the types it converts between.
func conversionTypes(f *types.Type) (in, out *types.Type, err error) {
	if f.Underlying == nil || f.Underlying.Signature == nil {
		return nil, nil, fmt.Errorf("not a function")
	}
	sig := f.Underlying.Signature
	bad := func(why string) (*types.Type, *types.Type, error) {
		return nil, nil, fmt.Errorf("%s; want func(in *In, out *Out, s conversion.Scope) error", why)
	}
	switch {
	case sig.Receiver != nil:
		return bad("it is a method")
	case len(sig.Parameters) != 3 || sig.Parameters[2].Type.Name != (types.Name{Package: conversionPkg, Name: "Scope"}):
		return bad("it must take three parameters, the last a conversion.Scope")
	case len(sig.Results) != 1 || sig.Results[0].Type.Name != (types.Name{Name: "error"}):
		return bad("it must return only an error")
	}
	in, out = sig.Parameters[0].Type, sig.Parameters[1].Type
	if in.Kind != types.Pointer || out.Kind != types.Pointer {
		return bad("its first two parameters must be pointers")
	}
	return in.Elem, out.Elem, nil
}
