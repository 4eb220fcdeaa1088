// Package golangci is a golangci-lint v2 module plugin that runs apigen's
// analyzers (package analysis) as the linter "apigen". Build a
// golangci-lint with it by `golangci-lint custom` and a .custom-gcl.yml
// that names this package as the plugin's import; see the README.
//
// Its one setting, args, is apigen generate's flags for the run, as
// apigen vet takes them:
//
//	linters:
//	  settings:
//	    custom:
//	      apigen:
//	        type: module
//	        settings:
//	          args: "--generators deepcopy,defaulter"
package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	xanalysis "golang.org/x/tools/go/analysis"

	"github.com/apigen-dev/apigen/analysis"
)

func init() { register.Plugin("apigen", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Args are apigen generate's flags, space-separated; empty for its
	// defaults.
	Args string `json:"args"`
}

// New makes the plugin from its settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, err
	}
	if err := analysis.Apigen.Flags.Set("args", s.Args); err != nil {
		return nil, err
	}
	return plugin{}, nil
}

type plugin struct{}

// BuildAnalyzers returns every family analyzer; each requires the apigen
// analyzer, which golangci-lint runs for them.
func (plugin) BuildAnalyzers() ([]*xanalysis.Analyzer, error) { return analysis.Analyzers, nil }

// GetLoadMode asks for type information: the apigen analyzer builds its
// model from the package's types.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
