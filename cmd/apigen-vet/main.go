// Command apigen-vet runs apigen's analyzers under go vet:
//
//	go vet -vettool=$(which apigen-vet) ./...
//
// Pass apigen generate's flags as -apigen.args="--generators=... ...".
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/apigen-dev/apigen/analysis"
)

func main() { unitchecker.Main(analysis.Analyzers...) }
