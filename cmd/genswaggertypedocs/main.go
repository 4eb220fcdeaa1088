// Command genswaggertypedocs prints the SwaggerDoc maps and methods of the
// struct types in one Go file, as Kubernetes' cmd/genswaggertypedocs does;
// hack/update-codegen.sh wraps its output into types_swagger_doc_generated.go.
// With --verify it lists the undocumented types and fields instead, and
// exits with their number.
package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/swaggerdoc"
	"github.com/apigen-dev/apigen/output"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if cli.PrintVersion("genswaggertypedocs", args, stdout) {
		return 0
	}
	fs := pflag.NewFlagSet("genswaggertypedocs", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	dest := fs.StringP("func-dest", "f", "-", "where to write the functions; '-' is standard output")
	src := fs.StringP("type-src", "s", "", "the Go file whose types to document")
	verify := fs.BoolP("verify", "v", false, "list the types and fields without documentation, and exit with their number")
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		fmt.Fprintf(stderr, "genswaggertypedocs: %v\n", err)
		return 2
	}
	if *src == "" {
		fmt.Fprintln(stderr, "genswaggertypedocs: --type-src (-s) is required: the Go file to read")
		return 2
	}
	var out bytes.Buffer
	code, err := write(&out, *src, *verify)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	if *dest == "-" {
		stdout.Write(out.Bytes())
		return code
	}
	// Written whole or not at all, so a failed run leaves the file as it was.
	if err := output.Write([]output.File{{Path: *dest, Data: out.Bytes()}}, nil, stderr); err != nil {
		fmt.Fprintf(stderr, "genswaggertypedocs: %v\n", err)
		return 1
	}
	return code
}

// write reads src and writes its functions, or with verify the missing
// docs, to out. It returns the exit status.
func write(out io.Writer, src string, verify bool) (int, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, src, nil, parser.ParseComments)
	if err != nil {
		return 1, err // a scanner.ErrorList: file:line:col: message
	}
	structs, err := swaggerdoc.Collect(fset, file)
	if err != nil {
		return 1, err
	}
	if verify {
		n, err := swaggerdoc.WriteMissing(out, structs)
		if err != nil {
			return 1, err
		}
		return n, nil
	}
	f := output.NewGoFile("")
	swaggerdoc.WriteFuncs(f, structs)
	_, err = out.Write(f.Text())
	return 0, err
}
