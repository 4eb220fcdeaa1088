package client

import (
	"fmt"

	"github.com/apigen-dev/apigen/output"
)

const tool = "client-gen"

// Packages and names the generated code refers to.
const (
	metav1Pkg      = "k8s.io/apimachinery/pkg/apis/meta/v1"
	apiTypesPkg    = "k8s.io/apimachinery/pkg/types"
	watchPkg       = "k8s.io/apimachinery/pkg/watch"
	runtimePkg     = "k8s.io/apimachinery/pkg/runtime"
	schemaPkg      = "k8s.io/apimachinery/pkg/runtime/schema"
	serializerPkg  = "k8s.io/apimachinery/pkg/runtime/serializer"
	utilRuntimePkg = "k8s.io/apimachinery/pkg/util/runtime"
	restPkg        = "k8s.io/client-go/rest"
	gentypePkg     = "k8s.io/client-go/gentype"
	testingPkg     = "k8s.io/client-go/testing"
	discoveryPkg   = "k8s.io/client-go/discovery"
	flowcontrolPkg = "k8s.io/client-go/util/flowcontrol"
	applyPkg       = "k8s.io/client-go/util/apply"
)

// finish gives f, a file of package pkgName, its header. Every qualified
// name in f imports its package the first time it is used: which package
// keeps the plain name when two collide depends on that order, so code is
// written, and names are asked for, from the top of the file down.
// Upstream names the fake clientset's imports as if it were the clientset,
// so the package f names imports for is not always its own.
func (p *plan) finish(f *output.GoFile, pkgName string) *output.GoFile {
	f.Header = output.Header{Boilerplate: p.Header}
	f.Tool, f.Package = tool, pkgName
	return f
}

// docFile is a doc.go holding only the package's doc comment.
func docFile(header []byte, doc, pkgName string) *output.GoFile {
	f := output.NewGoFile("")
	f.Header = output.Header{Boilerplate: header}
	f.Tool, f.Doc, f.Package = tool, doc, pkgName
	return f
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
