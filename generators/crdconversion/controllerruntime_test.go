package crdconversion_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// crFile is the generated controller-runtime package of group kept, below
// its webhook package.
const crFile = "conversion/controllerruntime/zz_generated.controllerruntime.go"

// TestControllerRuntimeOptIn checks that the controller-runtime package is
// written only on request.
func TestControllerRuntimeOptIn(t *testing.T) {
	t.Setenv("APIGEN_CACHE", "off")
	dir := copyFixture(t, fixtureDir(t))
	code, stdout, stderr := generate(t, "-C", dir, "--generators", "conversion,crdconversion", "./apis/kept/...")
	if code != 0 || stderr != "" {
		t.Fatalf("exit status %d, stderr:\n%s\nstdout:\n%s", code, stderr, stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "apis", "kept", "conversion", "zz_generated.webhook.go")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "apis", "kept", filepath.Dir(crFile))); !os.IsNotExist(err) {
		t.Errorf("without --crdconversion-controller-runtime, %s exists (%v)", filepath.Dir(crFile), err)
	}
}

// TestControllerRuntimeWebhook generates group kept with
// --crdconversion-controller-runtime, and deep-copy methods, which
// controller-runtime's objects need, in a copy of the fixture. The API
// packages and the webhook package must import no controller-runtime; the
// generated package must vet clean; and controller-runtime's conversion
// webhook, given a scheme of both versions and the generated package's
// Register, must answer real ConversionReviews, hub to spoke and back, as
// the generated ConvertFromHub and ConvertToHub do, kept fields and all.
// It builds controller-runtime, once: slow on a cold build cache.
func TestControllerRuntimeWebhook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds controller-runtime")
	}
	t.Setenv("APIGEN_CACHE", "off")
	dir := copyFixture(t, fixtureDir(t))
	root := filepath.Join(dir, "apis", "kept")
	// controller-runtime's converters take runtime.Objects: ask deepcopy
	// for DeepCopyObject on the root kinds of both versions.
	for _, v := range []string{"v1", "v2"} {
		edit(t, filepath.Join(root, v, "doc.go"), "\npackage "+v+"\n", "\n//\n// +k8s:deepcopy-gen=package\npackage "+v+"\n")
		edit(t, filepath.Join(root, v, "types.go"), "// +kubebuilder:object:root=true\n",
			"// +kubebuilder:object:root=true\n// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object\n")
	}
	code, stdout, stderr := generate(t, "-C", dir, "--generators", "conversion,crdconversion,deepcopy", "--crdconversion-controller-runtime", "./apis/kept/...")
	if code != 0 || stderr != "" {
		t.Fatalf("exit status %d, stderr:\n%s\nstdout:\n%s", code, stderr, stdout)
	}
	for _, f := range []string{"v1/zz_generated.deepcopy.go", "v2/zz_generated.deepcopy.go", "conversion/zz_generated.webhook.go", crFile} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}
	// Only the new package may bring controller-runtime in.
	deps := goCmd(t, dir, "list", "-deps", "./apis/kept/v1", "./apis/kept/v2", "./apis/kept/conversion")
	for dep := range strings.Lines(deps) {
		if strings.HasPrefix(dep, "sigs.k8s.io/controller-runtime") {
			t.Errorf("an API or webhook package of group kept depends on %s", strings.TrimSpace(dep))
		}
	}
	if err := os.WriteFile(filepath.Join(root, filepath.Dir(crFile), "webhook_test.go"), []byte(crWebhookTest), 0o644); err != nil {
		t.Fatal(err)
	}
	// vet and test share one build of controller-runtime.
	goCmd(t, dir, "vet", "./apis/kept/...")
	out := goCmd(t, dir, "test", "-count=1", "-v", "./apis/kept/conversion/controllerruntime")
	for _, test := range []string{"TestHubToSpoke", "TestSpokeToHub"} {
		if !strings.Contains(out, "--- PASS: "+test+" ") {
			t.Errorf("%s did not run and pass:\n%s", test, out)
		}
	}
}

// edit replaces every old in file by new, and fails when there is none.
func edit(t *testing.T, file, old, new string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s lacks %q", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(string(b), old, new)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// crWebhookTest is the test TestControllerRuntimeWebhook runs in the copy:
// controller-runtime's conversion webhook, over HTTP, with the converters
// the generated Register registers.
const crWebhookTest = `package controllerruntime_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/diff"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	"example.com/crdconv/apis/kept/conversion/controllerruntime"
	v1 "example.com/crdconv/apis/kept/v1"
	v2 "example.com/crdconv/apis/kept/v2"
)

const (
	group          = "kept.crdconv.example"
	keptAnnotation = group + "/conversion-kept"
)

// server serves controller-runtime's conversion webhook for a scheme of
// both versions, with the generated converters registered.
func server(t *testing.T) string {
	t.Helper()
	scheme := runtime.NewScheme()
	// v1's AddToScheme adds conversion-gen's conversions; neither version
	// registers its types, which are added here.
	if err := v1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	scheme.AddKnownTypes(schema.GroupVersion{Group: group, Version: "v2"}, &v2.Widget{}, &v2.WidgetList{})
	scheme.AddKnownTypes(schema.GroupVersion{Group: group, Version: "v1"}, &v1.Widget{}, &v1.WidgetList{})
	registry := conversion.NewRegistry()
	if err := controllerruntime.Register(scheme, registry); err != nil {
		t.Fatal(err)
	}
	if _, ok := registry.GetConverter(schema.GroupKind{Group: group, Kind: "Widget"}); !ok {
		t.Fatal("Register registered no converter of Widget")
	}
	srv := httptest.NewServer(conversion.NewWebhookHandler(scheme, registry))
	t.Cleanup(srv.Close)
	return srv.URL
}

// review posts an apiextensions.k8s.io/v1 ConversionReview of objs to
// version to and returns the converted objects, after checking the
// response's uid and success.
func review(t *testing.T, to string, objs ...any) [][]byte {
	t.Helper()
	const uid = "0b5e7c1a-review"
	in := apix.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
		Request:  &apix.ConversionRequest{UID: uid, DesiredAPIVersion: group + "/" + to},
	}
	for _, obj := range objs {
		raw, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		in.Request.Objects = append(in.Request.Objects, runtime.RawExtension{Raw: raw})
	}
	body, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(server(t), "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %s", resp.Status)
	}
	var out apix.ConversionReview
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	switch r := out.Response; {
	case out.APIVersion != "apiextensions.k8s.io/v1" || out.Kind != "ConversionReview":
		t.Fatalf("answered with a %s %s", out.APIVersion, out.Kind)
	case r == nil:
		t.Fatal("no response")
	case r.Result.Status != metav1.StatusSuccess:
		t.Fatalf("conversion failed: %s", r.Result.Message)
	case r.UID != uid:
		t.Fatalf("response uid %q, want %q", r.UID, uid)
	case len(r.ConvertedObjects) != len(objs):
		t.Fatalf("%d objects converted, want %d", len(r.ConvertedObjects), len(objs))
	}
	var raws [][]byte
	for _, obj := range out.Response.ConvertedObjects {
		raws = append(raws, obj.Raw)
	}
	return raws
}

// decode reads raw into obj, failing on fields obj lacks.
func decode(t *testing.T, raw []byte, obj any) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(obj); err != nil {
		t.Fatalf("%v:\n%s", err, raw)
	}
}

// hub is a v2 Widget with hub-only fields set at every depth.
func hub() *v2.Widget {
	return &v2.Widget{
		TypeMeta: metav1.TypeMeta{APIVersion: group + "/v2", Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{
			Name: "w", Namespace: "ns", UID: "7d3c", Generation: 4,
			Labels:      map[string]string{"app": "w"},
			Annotations: map[string]string{"note": "not the converter's"},
		},
		Spec: v2.WidgetSpec{
			Size:        3,
			Color:       "red",
			Labels:      map[string]string{"tier": "gold"},
			Backup:      &v2.Part{Name: "backup", Weight: 2},
			Limits:      v2.Limits{Max: 9, Why: "budget"},
			Main:        v2.Part{Name: "main", Weight: 7, Tags: []string{"heavy"}},
			Spare:       &v2.Part{Name: "spare", Tags: []string{"spare"}},
			Parts:       []v2.Part{{Name: "a", Weight: 1}, {Name: "b"}},
			PartsByName: map[string]v2.Part{"c": {Name: "c", Weight: 3}},
		},
	}
}

// spokeOf is what the webhook must answer for hub in v1: the generated
// ConvertFromHub's result, as v1.
func spokeOf(t *testing.T, h *v2.Widget) *v1.Widget {
	t.Helper()
	var want v1.Widget
	if err := want.ConvertFromHub(h.DeepCopy()); err != nil {
		t.Fatal(err)
	}
	want.APIVersion, want.Kind = group+"/v1", "Widget"
	return &want
}

func TestHubToSpoke(t *testing.T) {
	h := hub()
	raws := review(t, "v1", h)
	var got v1.Widget
	decode(t, raws[0], &got)
	if got.APIVersion != group+"/v1" || got.Kind != "Widget" {
		t.Errorf("converted to %s %s, want %s/v1 Widget", got.APIVersion, got.Kind, group)
	}
	if got.Name != "w" || got.Namespace != "ns" || got.UID != "7d3c" || got.Labels["app"] != "w" || got.Annotations["note"] != "not the converter's" {
		t.Errorf("metadata changed: %+v", got.ObjectMeta)
	}
	s := got.Spec
	if s.Size != 3 || s.Main.Name != "main" || s.Spare == nil || s.Spare.Name != "spare" || len(s.Parts) != 2 || s.Parts[1].Name != "b" || s.PartsByName["c"].Name != "c" {
		t.Errorf("spoke fields wrong: %+v", s)
	}
	var kept struct {
		Spec struct {
			Color struct {
				Value string ` + "`json:\"value\"`" + `
			} ` + "`json:\"color\"`" + `
			Main struct {
				Weight struct {
					Value int32 ` + "`json:\"value\"`" + `
				} ` + "`json:\"weight\"`" + `
			} ` + "`json:\"main\"`" + `
		} ` + "`json:\"spec\"`" + `
	}
	if a, ok := got.Annotations[keptAnnotation]; !ok {
		t.Errorf("no %s annotation: %v", keptAnnotation, got.Annotations)
	} else if err := json.Unmarshal([]byte(a), &kept); err != nil || kept.Spec.Color.Value != "red" || kept.Spec.Main.Weight.Value != 7 {
		t.Errorf("annotation %s = %s does not keep the hub's color and main weight (%v)", keptAnnotation, a, err)
	}
	if want := spokeOf(t, h); !equality.Semantic.DeepEqual(&got, want) {
		t.Errorf("the webhook's v1 differs from ConvertFromHub's (- want, + got):\n%s", diff.Diff(want, &got))
	}
}

func TestSpokeToHub(t *testing.T) {
	h := hub()
	// The v1 the webhook made of h, the kept fields in its annotation, and
	// one made as v1, with none.
	spoke := review(t, "v1", h)[0]
	plain := &v1.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: group + "/v1", Kind: "Widget"},
		ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns"},
		Spec:       v1.WidgetSpec{Size: 5, Main: v1.Part{Name: "m"}},
	}
	raws := review(t, "v2", json.RawMessage(spoke), plain)

	var got v2.Widget
	decode(t, raws[0], &got)
	if got.APIVersion != group+"/v2" || got.Kind != "Widget" {
		t.Errorf("converted to %s %s, want %s/v2 Widget", got.APIVersion, got.Kind, group)
	}
	if a, ok := got.Annotations[keptAnnotation]; ok {
		t.Errorf("the hub still has annotation %s = %s", keptAnnotation, a)
	}
	if got.Annotations["note"] != "not the converter's" {
		t.Errorf("annotation note lost: %v", got.Annotations)
	}
	if got.Spec.Color != "red" || got.Spec.Main.Weight != 7 || got.Spec.Limits.Max != 9 || got.Spec.PartsByName["c"].Weight != 3 {
		t.Errorf("hub-only fields not restored: %+v", got.Spec)
	}
	if !equality.Semantic.DeepEqual(&got, h) {
		t.Errorf("hub → v1 → hub through the webhook changed it (- before, + after):\n%s", diff.Diff(h, &got))
	}

	var gotPlain v2.Widget
	decode(t, raws[1], &gotPlain)
	want := &v2.Widget{
		TypeMeta:   metav1.TypeMeta{APIVersion: group + "/v2", Kind: "Widget"},
		ObjectMeta: plain.ObjectMeta,
		Spec:       v2.WidgetSpec{Size: 5, Main: v2.Part{Name: "m"}},
	}
	if !equality.Semantic.DeepEqual(&gotPlain, want) {
		t.Errorf("v1 without kept fields to hub (- want, + got):\n%s", diff.Diff(want, &gotPlain))
	}
}
`
