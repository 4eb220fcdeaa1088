package prerelease

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// NewTool returns prerelease-lifecycle-gen's flags and generator.
func NewTool() cli.Tool {
	return &cli.FileTool{
		ToolName: "prerelease-lifecycle",
		Upstream: "generated.prerelease_lifecycle.go",
		Script:   "zz_generated.prerelease-lifecycle.go",
		Help:     "file name for APILifecycle methods in each package",
		New:      func(file string, header []byte) engine.Generator { return &Generator{OutputFile: file, Header: header} },
	}
}
