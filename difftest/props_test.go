package difftest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/difftest/gen"
	"github.com/apigen-dev/apigen/internal/cel"
)

// propResult is one line of the property command's output.
type propResult struct {
	Seed       int64           `json:"seed"`
	Type       string          `json:"type"`
	Problem    string          `json:"problem"`
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Object     json.RawMessage `json:"object"`
}

// runCommand writes files into dir, builds gen.PropsDir's command and runs
// it; it returns the command's output, or why it could not.
func runCommand(dir string, files map[string][]byte) (out, failed string) {
	if err := writeFiles(dir, files); err != nil {
		return "", err.Error()
	}
	bin := filepath.Join(dir, "props.bin")
	if out, err := execIn(dir, "go", "build", "-o", bin, "./"+gen.PropsDir); err != nil {
		return "", "building the property checks: " + tail(out, 20)
	}
	out, err := execIn(dir, bin)
	if err != nil {
		return "", "the property checks: " + tail(out, 20)
	}
	return out, ""
}

// runProps builds and runs gen.Props' command over apis in dir; a failure
// to build or run it is a problem of every seed.
func runProps(dir string, apis []*gen.API) ([]propResult, map[int64]string) {
	problems := map[int64]string{}
	fail := func(msg string) ([]propResult, map[int64]string) {
		for _, a := range apis {
			problems[a.Seed] = msg
		}
		return nil, problems
	}
	files, err := gen.Props(apis...)
	if err != nil {
		return fail(err.Error())
	}
	out, failed := runCommand(dir, files)
	if failed != "" {
		return fail(failed)
	}
	var results []propResult
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r propResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fail("reading the property checks: " + err.Error())
		}
		if r.Problem != "" && problems[r.Seed] == "" {
			problems[r.Seed] = r.Type + ": " + r.Problem
		}
		results = append(results, r)
	}
	return results, problems
}

// deepcopyProperty: every type's deep copy of random values equals the
// original and shares no memory with it.
func deepcopyProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	_, problems := runProps(dir, apis)
	return problems
}

// crdProperty: deep copies as deepcopyProperty; every CRD is accepted by
// the API server; and each kind's schema keeps every field of a random
// object (pruning removes nothing) and accepts its types.
func crdProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	results, problems := runProps(dir, apis)
	for _, a := range apis {
		if p := refusedCRDs(filepath.Join(dir, crdDir), a); p != "" && problems[a.Seed] == "" {
			problems[a.Seed] = p
		}
	}
	crds := map[string]*apiext.CustomResourceDefinition{}
	for _, res := range results {
		if res.Kind == "" || problems[res.Seed] != "" {
			continue
		}
		group, version, _ := strings.Cut(res.APIVersion, "/")
		c, ok := crds[group+"/"+res.Kind]
		if !ok {
			c = findCRD(filepath.Join(dir, crdDir), group, res.Kind)
			crds[group+"/"+res.Kind] = c
		}
		if c == nil {
			continue // a kind of a version no CRD serves (all versions skipped)
		}
		if p := schemaProblem(c, version, res.Object); p != "" {
			problems[res.Seed] = fmt.Sprintf("%s %s: %s", res.APIVersion, res.Kind, p)
		}
	}
	return problems
}

// readCRDs reads the CRDs of a's group in dir.
func readCRDs(dir string, a *gen.API) ([]*apiext.CustomResourceDefinition, error) {
	var out []*apiext.CustomResourceDefinition
	for name, b := range filesBelow(dir, "", func(n string) bool { return strings.HasPrefix(n, a.Root+".") }) {
		var c apiext.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(b, &c); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out = append(out, &c)
	}
	return out, nil
}

// refusedCRDs says why the API server refuses a's CRDs in dir, "" if it
// takes them all.
func refusedCRDs(dir string, a *gen.API) string {
	crds, err := readCRDs(dir, a)
	if err != nil {
		return err.Error()
	}
	var msgs []string
	for _, c := range crds {
		for _, e := range cel.ValidateCRD(c) {
			msgs = append(msgs, c.Name+": "+e.Error())
		}
	}
	if len(msgs) > 0 {
		return "the API server refuses the CRD: " + strings.Join(msgs, "; ")
	}
	return ""
}

func findCRD(dir, group, kind string) *apiext.CustomResourceDefinition {
	crds, _ := readCRDs(dir, &gen.API{Root: strings.TrimSuffix(group, ".fuzz.example")})
	for _, c := range crds {
		if c.Spec.Group == group && c.Spec.Names.Kind == kind {
			return c
		}
	}
	return nil
}

// schemaProblem puts obj through what the API server does on create, as
// far as its schema's types go: nulls of fields that are not nullable
// are dropped or defaulted, unknown fields pruned (none may be: the schema must know
// every field the Go type writes), and the rest validated against the
// schema without its value validations (a random value breaks bounds and
// patterns; its types must fit).
func schemaProblem(c *apiext.CustomResourceDefinition, version string, obj []byte) string {
	var v *apiext.CustomResourceDefinitionVersion
	for i := range c.Spec.Versions {
		if c.Spec.Versions[i].Name == version {
			v = &c.Spec.Versions[i]
		}
	}
	if v == nil || v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return "" // a version the CRD does not have, or no schema
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiext.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, &internal, nil); err != nil {
		return err.Error()
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		return "not structural: " + err.Error()
	}
	var u map[string]any
	if err := utiljson.Unmarshal(obj, &u); err != nil { // numbers as the API server reads them
		return err.Error()
	}
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u, s)
	structuraldefaulting.Default(u, s)
	if pruned := pruning.PruneWithOptions(u, s, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true}); len(pruned) > 0 {
		return fmt.Sprintf("the schema prunes fields of the Go type: %v in %s", pruned, obj)
	}
	typesOnly(s)
	validator := validation.NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI())
	if errs := validation.ValidateCustomResource(field.NewPath(""), u, validator); len(errs) > 0 {
		return fmt.Sprintf("the schema refuses a value of the Go type: %v in %s", errs.ToAggregate(), obj)
	}
	return ""
}

// typesOnly drops s's value validations and CEL rules, keeping types,
// properties, items and extensions.
func typesOnly(s *structuralschema.Structural) {
	if s == nil {
		return
	}
	s.ValueValidation = nil
	s.XValidations = nil
	typesOnly(s.Items)
	for k, p := range s.Properties {
		typesOnly(&p)
		s.Properties[k] = p
	}
	if s.AdditionalProperties != nil {
		typesOnly(s.AdditionalProperties.Structural)
	}
}
