// Command go-to-protobuf generates generated.proto and generated.pb.go for
// API packages, and the protobuf struct tags their types lack, without
// protoc, gogo or goimports. It takes the flags of k8s.io/code-generator's
// go-to-protobuf, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/protobuf"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, protobuf.Spec)
}
