// Command kubeopenapi writes the OpenAPI v3 document that kube-openapi's
// builder3 builds, as the API server does, from the definitions upstream
// openapi-gen generated into the package defs beside it, every type named
// by its model name. It prints the
// document as encoding/json re-indents it (keys sorted, two spaces), the
// form kin-openapi's types marshal to, so that only content can differ.
package main

import (
	"encoding/json"
	"maps"
	"os"
	"slices"

	"k8s.io/apiserver/pkg/endpoints/openapi"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/kubeopenapi/defs"
)

func main() {
	info := &spec.Info{InfoProps: spec.InfoProps{Title: "Kubernetes", Version: "unversioned"}}
	config := &common.OpenAPIV3Config{
		Info:           info,
		GetDefinitions: defs.GetOpenAPIDefinitions,
		// The API server's namer; with no scheme it adds no extensions.
		GetDefinitionName: openapi.NewDefinitionNamer().GetDefinitionName,
	}
	names := slices.Sorted(maps.Keys(defs.GetOpenAPIDefinitions(func(string) spec.Ref { return spec.Ref{} })))
	schemas, err := builder3.BuildOpenAPIDefinitionsForResources(config, names...)
	if err != nil {
		panic(err)
	}
	doc := &spec3.OpenAPI{
		Version:    "3.0.0",
		Info:       info,
		Paths:      &spec3.Paths{Paths: map[string]*spec3.Path{}},
		Components: &spec3.Components{Schemas: schemas},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		panic(err)
	}
	if b, err = json.MarshalIndent(v, "", "  "); err != nil {
		panic(err)
	}
	os.Stdout.Write(append(b, '\n'))
}
