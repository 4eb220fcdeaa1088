package deepcopy

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// NewTool returns deepcopy-gen's flags and generator.
func NewTool() cli.Tool {
	return &cli.FileTool{
		ToolName: "deepcopy",
		Upstream: "generated.deepcopy.go",
		Script:   "zz_generated.deepcopy.go",
		Help:     "file name for DeepCopy methods in each package",
		New:      func(file string, header []byte) engine.Generator { return &Generator{OutputFile: file, Header: header} },
	}
}
