package swaggerdoc

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// tool is the generator as apigen generate sees it.
type tool struct{ cli.FileTool }

// OptIn: apigen generate runs it only when --generators names it, so that
// existing runs do not start writing swagger files.
func (*tool) OptIn() bool { return true }

// NewTool returns the flags and generator of the swagger docs.
func NewTool() cli.Tool {
	return &tool{cli.FileTool{
		ToolName: "swaggerdoc",
		Upstream: "types_swagger_doc_generated.go",
		Script:   "types_swagger_doc_generated.go",
		Help:     "file name for the SwaggerDoc methods in each package with a types.go",
		New:      func(file string, header []byte) engine.Generator { return &Generator{OutputFile: file, Header: header} },
	}}
}
