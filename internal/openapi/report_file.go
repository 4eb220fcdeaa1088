package openapi

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/apigen-dev/apigen/output"
)

// WriteReport writes the API rule violations to path ("-" is stdout), or
// with --verify-only compares them with the file.
func WriteReport(path string, report []byte, verify bool, stdout, stderr io.Writer) int {
	switch {
	case path == "-":
		stdout.Write(report)
	case verify:
		old, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if !bytes.Equal(old, report) {
			fmt.Fprintf(stdout, "stale: %s\n", path)
			io.WriteString(stdout, output.Diff(path+" (on disk)", path+" (generated)", string(old), string(report)))
			return 1
		}
	default:
		// Not output.Write: the report may be /dev/null or a file in a
		// directory we cannot create files in.
		if err := os.WriteFile(path, report, 0o644); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	return 0
}
