package openapi

import (
	"fmt"
	"strings"

	"github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/markers"
)

// Marker names. The +k8s:validation: family is not among them: its keys
// carry subscripts and continuation lines that the registry's syntax does
// not express, so validation.go reads those lines itself.
const (
	genMarker          = "k8s:openapi-gen"
	validationsMarker  = "validations"
	unionMarker        = "union"
	discriminatorMark  = "unionDiscriminator"
	unionDeprecatedMrk = "unionDeprecated"
)

// genValue is the value of +k8s:openapi-gen: a switch, or an OpenAPI
// extension to attach to the schema, x-kubernetes-<name>:<value>.
type genValue struct{}

// GenSetting is what genValue.Parse returns.
type GenSetting struct {
	Raw       string // the value as written
	Extension string // x-kubernetes-... when the value names an extension
	Value     string // the extension's value
}

func (genValue) Parse(raw string) (any, error) {
	switch {
	case raw == "true" || raw == "false":
		return GenSetting{Raw: raw}, nil
	case strings.HasPrefix(raw, extensionPrefix):
		name, value, ok := strings.Cut(raw, ":")
		if !ok {
			return nil, fmt.Errorf("an extension needs a value: %s:<value>", raw)
		}
		if _, err := (literal{}).Parse(raw); err != nil {
			return nil, err
		}
		return GenSetting{Raw: raw, Extension: name, Value: value}, nil
	}
	// openapi-gen passes over any other value: it only asks for true,
	// false and extensions.
	return nil, &markers.Lenient{Value: GenSetting{Raw: raw}, Err: fmt.Errorf("allowed values are true, false and x-kubernetes-<name>:<value>")}
}

func (genValue) String() string { return "true|false|x-kubernetes-<name>:<value>" }

// literal is text that the generated code puts between double quotes as it
// is, so it may not hold a quote or a backslash.
type literal struct{}

func (literal) Parse(raw string) (any, error) {
	if strings.ContainsAny(raw, "\"\\") {
		return nil, fmt.Errorf("the value is written into a Go string as it is, so it cannot hold \" or \\")
	}
	return raw, nil
}

func (literal) String() string { return "text" }

// flag is a marker that takes no value; upstream only asks whether it is
// there, so a value is tolerated and ignored.
type flag = markers.Text

var (
	gen = markers.Typed[GenSetting](&markers.Definition{
		Name:       genMarker,
		Place:      markers.Package | markers.Type | markers.Field,
		Value:      genValue{},
		Repeatable: true,
		Help:       "in doc.go: generate OpenAPI definitions for the package's types (true); on a type or field: include (true) or leave out (false), or attach an extension, x-kubernetes-<name>:<value> (repeatable)",
	})
	validations = markers.Typed[string](&markers.Definition{
		Name:       validationsMarker,
		Place:      markers.Field | markers.Type,
		Value:      literal{},
		Repeatable: true,
		Help:       "a raw x-kubernetes-validations value (prefer +k8s:validation:cel[i]:rule)",
	})
	unionStruct = markers.Typed[string](&markers.Definition{
		Name:  unionMarker,
		Place: markers.Type,
		Value: flag{},
		Help:  "every field of the struct belongs to one union (x-kubernetes-unions)",
	})
	discriminator = markers.Typed[string](&markers.Definition{
		Name:  discriminatorMark,
		Place: markers.Field,
		Value: flag{},
		Help:  "the field that says which member of the union is set",
	})
	unionDeprecated = markers.Typed[string](&markers.Definition{
		Name:  unionDeprecatedMrk,
		Place: markers.Field,
		Value: flag{},
		Help:  "the field is a member of the struct's union of optional fields",
	})
)

var definitions = []*markers.Definition{
	gen.Definition,
	markers.Optional.Definition,
	markers.Required.Definition,
	markers.ListType.Definition,
	markers.ListMapKey.Definition,
	markers.MapType.Definition,
	markers.StructType.Definition,
	markers.PatchMergeKey.Definition,
	markers.PatchStrategy.Definition,
	validations.Definition,
	markers.Enum.Definition,
	unionStruct.Definition,
	discriminator.Definition,
	unionDeprecated.Definition,
	markers.Default.Definition,
	// Shared with the model name generator: the definitions refer to the
	// types it names through their OpenAPIModelName methods.
	modelname.Marker.Definition,
}

// DefineMarkers declares the markers openapi-gen reads. Packages that use
// Schemas must have the model built with them; openapi-gen's Define calls
// it.
func DefineMarkers(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(genMarker)
}

// Define declares openapi-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	DefineMarkers(reg)
}

// hasGen reports whether s has +k8s:openapi-gen=value.
func hasGen(s markers.Set, value string) bool {
	for _, v := range gen.All(s) {
		if v.Raw == value {
			return true
		}
	}
	return false
}
