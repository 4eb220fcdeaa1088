package register

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// NewTool returns register-gen's flags and generator.
func NewTool() cli.Tool {
	return &cli.FileTool{
		ToolName: "register",
		Upstream: "generated.register.go",
		Script:   "zz_generated.register.go",
		Help:     "file name for scheme registration in each package",
		New:      func(file string, header []byte) engine.Generator { return &Generator{OutputFile: file, Header: header} },
	}
}
