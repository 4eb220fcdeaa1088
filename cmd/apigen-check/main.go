// Command apigen-check runs the API server's checks (CEL rules compiled and
// cost-checked, CRDs validated) for apigen, which does not link them: apigen
// starts it once per run and sends it requests as JSON on its stdin, and it
// answers on its stdout until its stdin ends (internal/servercheck).
package main

import (
	"fmt"
	"os"

	_ "github.com/apigen-dev/apigen/internal/cel" // the checks
	"github.com/apigen-dev/apigen/internal/servercheck"
)

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: apigen-check (takes no arguments: apigen starts it and speaks JSON on its stdin and stdout)")
		os.Exit(2)
	}
	if err := servercheck.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "apigen-check:", err)
		os.Exit(1)
	}
}
