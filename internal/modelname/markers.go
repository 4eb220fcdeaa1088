package modelname

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

const markerName = "k8s:openapi-model-package"

// Marker is +k8s:openapi-model-package=<model package>. On a package's
// doc.go it names the OpenAPI model package of every struct type of the
// package; on a type it overrides the package's. The openapi generator
// reads the same marker to decide which types it refers to through their
// OpenAPIModelName methods, so it must Define this very value: the
// registry refuses a second definition of the name.
var Marker = markers.Typed[string](&markers.Definition{
	Name:  markerName,
	Place: markers.Package | markers.Type,
	Value: ModelPackage{},
	First: true, // openapi-gen reads the first
	Help:  "the OpenAPI model package (such as io.k8s.api.core.v1) of the package's struct types, or of this type; generates OpenAPIModelName methods",
})

// ModelPackage is the value grammar of Marker: a dotted name made of the
// characters OpenAPI 3 allows in component names (letters, digits, ".",
// "-" and "_"), with no empty element. Parse returns the string.
//
// Upstream accepts any text and pastes it into a Go string literal: a
// value with a quote or backslash breaks the code, an error here; any
// other is a warning, kept as upstream writes it ("" as no marker).
type ModelPackage struct{}

func (ModelPackage) Parse(raw string) (any, error) {
	if strings.ContainsAny(raw, "\"\\") {
		return nil, fmt.Errorf("%q breaks the Go string literal the value is pasted into: the code would not compile", raw[strings.IndexAny(raw, "\"\\")])
	}
	if err := checkModelPackage(raw); err != nil {
		return nil, &markers.Lenient{Value: raw, Err: err}
	}
	return raw, nil
}

// checkModelPackage says what makes raw no dotted model package.
func checkModelPackage(raw string) error {
	if raw == "" {
		return fmt.Errorf("a model package such as io.k8s.api.core.v1 is required; without one the marker is read as absent")
	}
	if strings.ContainsAny(raw, " \t") {
		return fmt.Errorf("a model package is one word, such as io.k8s.api.core.v1, with nothing after it (not even a comment)")
	}
	for _, r := range raw {
		if !validRune(r) {
			return fmt.Errorf("%q is not allowed in a model package: use letters, digits, '.', '-' and '_' only", r)
		}
	}
	if strings.HasPrefix(raw, ".") || strings.HasSuffix(raw, ".") || strings.Contains(raw, "..") {
		return fmt.Errorf("a model package is made of non-empty dot-separated elements, such as io.k8s.api.core.v1")
	}
	return nil
}

func (ModelPackage) String() string { return "dotted.model.package" }

func validRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '-' || r == '_'
}

// Lookup returns the model package that markers give t: the one on t's own
// doc comment, else the one in its package's doc.go. ok is false when
// neither has the marker. As upstream, only the packages the patterns named
// count: upstream reads no comments of the types and packages it loads as
// dependencies, and neither does Lookup, even for extra packages that a
// generator had the model read in full.
//
// This is the marker half of upstream's test for whether the OpenAPI
// definitions refer to a type as T{}.OpenAPIModelName(); the other half is
// a hand-written OpenAPIModelName() string method. Unlike Generate, Lookup
// does not ask whether t is an exported struct.
func Lookup(m *model.Model, t *types.Type) (pkg string, ok bool) {
	p := m.Package(t.Name.Package)
	if p == nil || !slices.Contains(m.Packages, p) {
		return "", false
	}
	for _, set := range []markers.Set{m.DocMarkers(t), p.Markers} {
		if v, _ := Marker.Get(set); v != "" {
			return v, true
		}
	}
	return "", false
}

// OpenAPIInput reports whether openapi-gen's model names and definitions
// take p: as kube_codegen.sh's gen_openapi does, the packages of the main
// module that carry a +k8s:openapi line, and every package of another
// module (the script names those itself: the apimachinery packages,
// --extra-pkgs).
func OpenAPIInput(p *model.Package) bool { return !p.Local() || p.Tagged("k8s:openapi") }
