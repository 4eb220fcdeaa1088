package conventions

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// Spec declares the conventions checker, which apigen generate and the
// analyzers run; it has no upstream command.
var Spec = &cli.Spec{
	Name:    "conventions",
	Doc:     "writes nothing: checks the API conventions' rules that --conventions-rules turns on",
	Markers: (&Generator{}).Define,
	Flags: func(fs *pflag.FlagSet, prefix string) cli.Build {
		var g Generator
		fs.StringSliceVar(&g.Rules, prefix+"rules", nil, "comma-separated rules to check (default none): "+strings.Join(Rules, ", "))
		return func(*cli.Common, []byte, []string) (*engine.Generator, error) {
			for _, r := range g.Rules {
				if !slices.Contains(Rules, r) {
					return nil, fmt.Errorf("unknown rule %q in --%srules; the rules are %s", r, prefix, strings.Join(Rules, ", "))
				}
			}
			return &engine.Generator{Markers: g.Define, Generate: g.Generate, DependencyTypes: true}, nil
		}
	},
}
