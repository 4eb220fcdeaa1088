package deepcopy

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	impl "github.com/apigen-dev/apigen/internal/deepcopy"
)

// Spec declares deepcopy-gen.
var Spec = &cli.Spec{
	Name:    "deepcopy",
	Command: impl.Command,
	Doc:     "DeepCopy methods",
	Markers: (&impl.Generator{}).Define,
	Flags: cli.FileFlags("generated.deepcopy.go", "zz_generated.deepcopy.go", "file name for DeepCopy methods in each package",
		func(file string, header []byte) *engine.Generator {
			return (&impl.Generator{OutputFile: file, Header: header}).Engine()
		}),
}
