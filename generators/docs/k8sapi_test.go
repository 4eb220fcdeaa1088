package docs_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestAllOfKubernetesAPI documents all of k8s.io/api in one run with the
// OpenAPI v3 document of the same load, and checks that every definition
// of it and every property appear in the docs.
func TestAllOfKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("loads all of k8s.io/api")
	}
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	out := t.TempDir()
	openapiFile := filepath.Join(out, "openapi.json")
	// The apimachinery packages complete the document's references.
	start := time.Now()
	code, _, stderr := generate(t, "--generators", "docs,openapi-json", "-C", dir,
		"--docs-output-dir", filepath.Join(out, "docs"), "--openapi-json-output-file", openapiFile, "./...",
		"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/util/intstr", "k8s.io/apimachinery/pkg/version")
	if code != 0 {
		t.Fatalf("apigen generate: exit %d\n%s", code, stderr)
	}
	t.Logf("docs and OpenAPI document of k8s.io/api in %v", time.Since(start).Round(time.Millisecond))
	if strings.Contains(stderr, "warning") {
		t.Errorf("warnings on k8s.io/api:\n%s", stderr)
	}
	docs := readOurDocs(t, filepath.Join(out, "docs"))
	checked, broken := checkMarkdownLinks(t, filepath.Join(out, "docs"))
	t.Logf("%d relative Markdown links checked", checked)
	for _, b := range broken {
		t.Errorf("broken link: %s", b)
	}

	b, err := os.ReadFile(openapiFile)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum  []any
					Items *struct{ Enum []any }
				}
			}
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var defs, props, enums int
	var missing []string
	for name, s := range doc.Components.Schemas {
		pkg, typ := goName(name)
		if !strings.HasPrefix(pkg, "k8s.io/api/") && docs[pkg] == nil {
			continue // an apimachinery package without an API version
		}
		defs++
		fields, ok := docs[pkg][typ]
		if !ok {
			missing = append(missing, "definition "+name)
			continue
		}
		for p, ps := range s.Properties {
			props++
			row, ok := fields[p]
			if !ok {
				missing = append(missing, "property "+name+"."+p)
			}
			// The enum values are openapi-gen's, from the same schema.
			if len(ps.Enum) > 0 || ps.Items != nil && len(ps.Items.Enum) > 0 {
				enums++
				if ok && !strings.Contains(row, "**Enum:**") {
					missing = append(missing, "enum values of "+name+"."+p)
				}
			}
		}
	}
	// Declarative validation's immutability is no schema's: the docs read
	// the tag, as on WorkloadSpec.controllerRef.
	if row := docs["k8s.io/api/scheduling/v1beta1"]["WorkloadSpec"]["controllerRef"]; !strings.Contains(row, "**Immutable.**") {
		missing = append(missing, "+k8s:immutable of scheduling/v1beta1 WorkloadSpec.controllerRef, in: "+row)
	}
	slices.Sort(missing)
	t.Logf("%d definitions, %d properties and %d enums of the OpenAPI document checked", defs, props, enums)
	if len(missing) > 0 {
		t.Errorf("%d missing from the docs:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	if defs < 600 || props < 3000 {
		t.Errorf("only %d definitions and %d properties: the document is not all of k8s.io/api", defs, props)
	}
}

// goName turns an OpenAPI model name, io.k8s.api.core.v1.Pod, into the
// Go package and type it names.
func goName(model string) (pkg, typ string) {
	parts := strings.Split(model, ".")
	typ = parts[len(parts)-1]
	parts = parts[:len(parts)-1]
	return parts[1] + "." + parts[0] + "/" + strings.Join(parts[2:], "/"), typ
}
