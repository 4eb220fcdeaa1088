package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// A shipped CRD was made by controller-gen v0.21.0; ours reproduces
// v0.23.0. Each class of difference between the two releases has a name
// and a function that rewrites a v0.21.0 document into its v0.23.0 form.
//
//   - version: the controller-gen.kubebuilder.io/version annotation names
//     the release.
//   - oneOf rules: v0.23.0 writes the CEL rule of ExactlyOneOf and
//     AtMostOneOf as a sum, (has(self.a)?1:0)+(has(self.b)?1:0) == 1 or
//     <= 1, and of AtLeastOneOf as has(self.a)||has(self.b), where v0.21.0
//     counted a filtered list, [has(self.a),has(self.b)].filter(x,x==true).size()
//     compared with == 1, <= 1 or >= 1 (pkg/crd/markers/validation.go of
//     both releases). The rules accept the same objects.
var shippedClasses = []struct {
	name    string
	rewrite func(doc map[string]any) bool
}{
	{"version annotation v0.21.0 -> v0.23.0", rewriteVersion},
	{"oneOf CEL rules: filtered-list count -> sum / disjunction", rewriteOneOf},
}

func rewriteVersion(doc map[string]any) bool {
	md, _ := doc["metadata"].(map[string]any)
	ann, _ := md["annotations"].(map[string]any)
	if ann["controller-gen.kubebuilder.io/version"] != "v0.21.0" {
		return false
	}
	ann["controller-gen.kubebuilder.io/version"] = "v0.23.0"
	return true
}

var oldOneOf = regexp.MustCompile(`^\[((?:has\(self\.\w+\),?)+)\]\.filter\(x,x==true\)\.size\(\) (==|<=|>=) 1$`)

func rewriteOneOf(doc map[string]any) bool {
	changed := false
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["rule"].(string); ok {
				if m := oldOneOf.FindStringSubmatch(r); m != nil {
					v["rule"], changed = newOneOf(strings.Split(m[1], ","), m[2]), true
				}
			}
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	walk(doc)
	return changed
}

func newOneOf(has []string, op string) string {
	if op == ">=" {
		return strings.Join(has, "||")
	}
	terms := make([]string, len(has))
	for i, h := range has {
		terms[i] = "(" + h + "?1:0)"
	}
	return strings.Join(terms, "+") + " " + op + " 1"
}

// explain rewrites the shipped document class by class until it equals
// ours, and returns the classes used, or ok false when some difference
// has no explanation.
func explain(shipped, ours []byte) (classes []string, ok bool) {
	var want, got map[string]any
	if yaml.Unmarshal(shipped, &want) != nil || yaml.Unmarshal(ours, &got) != nil {
		return nil, false
	}
	for _, c := range shippedClasses {
		if c.rewrite(want) {
			classes = append(classes, c.name)
		}
	}
	return classes, reflect.DeepEqual(want, got)
}

// TestShippedFiles compares our CRDs of cluster-api/api v1.14.2 and
// cert-manager v1.21.2 with the ones those projects ship, which
// controller-gen v0.21.0 made. It reports how many match byte for byte
// and fails on any difference the release changes above do not explain.
func TestShippedFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api and cert-manager")
	}
	capi := refmodtest.Download(t, "sigs.k8s.io/cluster-api@v1.14.2")
	capiAPI := refmodtest.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")
	cm := refmodtest.CopyDir(t, refmodtest.Download(t, "github.com/cert-manager/cert-manager@v1.21.2"))
	runs := []struct {
		dir, shipped string
		args         []string
	}{
		{capiAPI, filepath.Join(capi, "core/config/crd/bases"), []string{"paths=./addons/...", "paths=./core/...", "paths=./ipam/...", "paths=./runtime/..."}},
		{capiAPI, filepath.Join(capi, "bootstrap/kubeadm/config/crd/bases"), []string{"paths=./bootstrap/kubeadm/..."}},
		{capiAPI, filepath.Join(capi, "controlplane/kubeadm/config/crd/bases"), []string{"paths=./controlplane/kubeadm/..."}},
		{cm, filepath.Join(cm, "deploy/crds"), []string{"paths=./pkg/apis/..."}},
	}
	total, same := 0, 0
	byClass := map[string]int{}
	for _, r := range runs {
		out := t.TempDir()
		t.Chdir(r.dir)
		var stderr bytes.Buffer
		if code := run(append([]string{"crd:crdVersions=v1"}, append(r.args, "output:crd:dir="+out)...), os.Stdout, &stderr); code != 0 {
			t.Fatalf("exit %d:\n%s", code, stderr.String())
		}
		for name, got := range readDir(t, out) {
			total++
			want, err := os.ReadFile(filepath.Join(r.shipped, name))
			if err != nil {
				t.Errorf("%s: not shipped: %v", name, err)
				continue
			}
			if bytes.Equal(want, got) {
				same++
				continue
			}
			classes, ok := explain(want, got)
			if !ok {
				t.Errorf("%s: unexplained difference from the shipped file:\n%s", name, refmodtest.FirstLines(got, want))
			}
			for _, c := range classes {
				byClass[c]++
			}
		}
	}
	if total != 23 {
		t.Errorf("%d CRDs generated, want 17 of cluster-api and 6 of cert-manager", total)
	}
	t.Logf("%d of %d CRDs byte-identical to the shipped files", same, total)
	names := make([]string, 0, len(byClass))
	for c := range byClass {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		t.Logf("  %-55s %d files", c, byClass[c])
	}
}
