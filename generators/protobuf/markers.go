package protobuf

import (
	"fmt"

	"github.com/apigen-dev/apigen/markers"
)

// The type markers go-to-protobuf reads from a type's doc comment. Option
// markers, +protobuf.options.(gogoproto.X)=V, name an option in
// parentheses, which no marker name can spell; they are read from the
// comment text (see typeOptions).
const (
	protobufMarker = "protobuf"
	nullableMarker = "protobuf.nullable"
	asMarker       = "protobuf.as"
	embedMarker    = "protobuf.embed"
	marshalMarker  = "protobuf.options.marshal"
)

var (
	messageSwitch = typeMarker(protobufMarker, markers.OneOf{"true", "false"},
		"make this type a protobuf message (true) or leave it out (false), whatever the package's default")
	nullable = typeMarker(nullableMarker, markers.OneOf{"true", "false"},
		"on a slice or map type: a message with one items field, so that nil and empty differ on the wire")
	takesFields = typeMarker(asMarker, nonEmpty{},
		"give the message the fields of another type of the package, e.g. Timestamp")
	embed = typeMarker(embedMarker, nonEmpty{},
		"give the message one field, named and typed after the value (+protobuf.embed=string)")
	marshal = typeMarker(marshalMarker, markers.OneOf{"true", "false"},
		"false: the type marshals itself, so gogo writes no marshaler, unmarshaler or sizer for it")
	protobufGen = markers.Typed[string](&markers.Definition{
		Name:  genMarker,
		Place: markers.Package,
		Value: markers.LenientOneOf{OneOf: markers.OneOf{"package"}, Why: "the only value is package, which Kubernetes' update-codegen.sh looks for"},
		Help:  "package: the scripts that run go-to-protobuf list this package in --packages",
	})
	// tombstonesRequired is apigen's own: a number below a message's
	// highest that no field and no tombstone holds is then a warning.
	tombstonesRequired = markers.Typed[string](&markers.Definition{
		Name:  "apigen:protobuf:tombstones",
		Place: markers.Package,
		Value: markers.OneOf{"required"},
		Help:  "required: warn of a message's unused protobuf numbers that no +k8s:deprecated tombstone reserves",
	})
)

// typeMarker declares the type marker +name=<value>.
func typeMarker(name string, value markers.Grammar, help string) markers.Def[string] {
	return markers.Typed[string](&markers.Definition{Name: name, Place: markers.Type, Value: value, Help: help})
}

var definitions = []*markers.Definition{
	messageSwitch.Definition,
	nullable.Definition,
	takesFields.Definition,
	embed.Definition,
	marshal.Definition,
	protobufGen.Definition,
	tombstonesRequired.Definition,
}

// Define declares go-to-protobuf's markers, and claims the name spaces
// protobuf (so a misspelt marker is reported; the option markers,
// +protobuf.options.(gogoproto.X)=V, whose names end at the parenthesis,
// are passed over by the registry and read from the comment text) and
// k8s:protobuf-gen.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(definitions...)
	reg.Own(protobufMarker)
	reg.Own(genMarker)
	reg.ReadElsewhere(protobufMarker + ".options.(")
}

// genMarker marks the packages Kubernetes' update-codegen.sh passes to
// go-to-protobuf, which itself reads --packages.
const genMarker = "k8s:protobuf-gen"

// nonEmpty accepts any value but none.
type nonEmpty struct{}

func (nonEmpty) Parse(raw string) (any, error) {
	if raw == "" {
		return nil, fmt.Errorf("a type name is required")
	}
	return raw, nil
}

func (nonEmpty) String() string { return "TypeName" }
