package compat

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/model"
)

// The fixture is two versions of the group example.com in one module
// directory, marked as the revision fixtures are: "want: rule" where a
// finding is expected, in v1beta1 for removals and in v1 for the rest.
const diffVersionsDir = "../testdata/compat/diffversions"

// diffVersionsModel loads the fixture and returns the model and the import
// paths of its two versions.
func diffVersionsModel(t *testing.T) (m *model.Model, oldPkg, newPkg string) {
	t.Helper()
	m, err := loadModel(diffVersionsDir, []string{"./..."}, registry())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range m.Packages {
		switch p.Name {
		case "v1beta1":
			oldPkg = p.Path
		case "v1":
			newPkg = p.Path
		}
	}
	if oldPkg == "" || newPkg == "" {
		t.Fatalf("fixture packages not loaded: old %q, new %q", oldPkg, newPkg)
	}
	return m, oldPkg, newPkg
}

func TestDiffVersions(t *testing.T) {
	m, oldPkg, newPkg := diffVersionsModel(t)
	oldDir, newDir := filepath.Join(diffVersionsDir, "v1beta1"), filepath.Join(diffVersionsDir, "v1")
	fs, _ := DiffVersions(m, oldPkg, newPkg)
	if len(fs) == 0 {
		t.Fatal("no findings")
	}

	// Each finding lies in the sources its Revision names; relative to
	// them, they are exactly the marked ones.
	rel := make([]Finding, len(fs))
	for i, f := range fs {
		dir := map[string]string{"base": oldDir, "new": newDir}[f.Revision]
		if dir == "" {
			t.Fatalf("%s: revision %q", f.Key, f.Revision)
		}
		abs, _ := filepath.Abs(dir)
		r, err := filepath.Rel(abs, f.File)
		if err != nil || strings.HasPrefix(r, "..") {
			t.Errorf("%s: file %s is not in the %s version's directory %s", f.Key, f.File, f.Revision, abs)
		}
		rel[i] = f
		rel[i].File = filepath.ToSlash(r)
	}
	checkFindings(t, rel, append(wants(t, newDir, "new"), wants(t, oldDir, "base")...))

	// In compat's words, named by the new version.
	messages := map[string]string{
		"removed-field,example.com/v1,WidgetSpec,color":           `field "color" (WidgetSpec.Color) was removed`,
		"json-rename,example.com/v1,WidgetSpec,size":              `field WidgetSpec.Size is now "sizeGiB" in JSON, not "size"`,
		"validation-tightened,example.com/v1,WidgetSpec,replicas": `field "replicas": maximum changed from 100 to 10`,
		"new-required-field,example.com/v1,WidgetSpec,owner":      `new field "owner" is required (add +optional, omitempty or a pointer)`,
		"removed-kind,example.com/v1,Gadget,":                     `kind Gadget is no longer served by example.com/v1`,
	}
	got := map[string]string{}
	for _, f := range fs {
		got[f.Key] = f.Message
		if f.GroupVersion != "example.com/v1" {
			t.Errorf("%s: group-version %q, want example.com/v1", f.Key, f.GroupVersion)
		}
		if betweenRevisions[f.Rule] {
			t.Errorf("%s: a finding between revisions only: %s", f.Key, f.Message)
		}
	}
	for key, msg := range messages {
		if got[key] != msg {
			t.Errorf("finding %s: message %q, want %q", key, got[key], msg)
		}
	}
	if len(got) != len(messages) {
		t.Errorf("findings %v, want those of %v", got, messages)
	}

	// The fixture does give protobuf findings between revisions, which
	// DiffVersions drops.
	ov, nv := readVersion(m, m.Package(oldPkg)), readVersion(m, m.Package(newPkg))
	ov.gv = nv.gv
	var raw []string
	for _, f := range compareAPIs(&api{versions: map[string]*version{nv.gv: ov}}, &api{versions: map[string]*version{nv.gv: nv}}) {
		raw = append(raw, f.StableKey())
	}
	for _, key := range []string{"protobuf-number-changed,example.com/v1,WidgetSpec,paused", "protobuf-no-tombstone,example.com/v1,WidgetSpec,color"} {
		if !slices.Contains(raw, key) {
			t.Errorf("compareAPIs does not report %s (got %v): the fixture no longer tests the filter", key, raw)
		}
	}
}

func TestDiffVersionsAdditions(t *testing.T) {
	m, oldPkg, newPkg := diffVersionsModel(t)
	newDir, _ := filepath.Abs(filepath.Join(diffVersionsDir, "v1"))
	want := map[string]string{
		"kind Sprocket":                 "kind Sprocket is now served by example.com/v1",
		"type SprocketSpec":             "type SprocketSpec was added",
		"field WidgetSpec.shape":        `field "shape" (WidgetSpec.Shape) was added`,
		"field WidgetSpec.owner":        `field "owner" (WidgetSpec.Owner) was added`,
		"field WidgetObservation.phase": `field "phase" (WidgetObservation.Phase) was added`,
	}
	src, err := os.ReadFile(filepath.Join(newDir, "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	got := map[string]string{}
	for _, a := range additions(m, oldPkg, newPkg) {
		key := a.What + " " + a.Type
		if a.Field != "" {
			key += "." + a.Field
		}
		got[key] = a.Message
		if a.GroupVersion != "example.com/v1" {
			t.Errorf("%s: group-version %q", key, a.GroupVersion)
		}
		// The line declares what was added.
		name := a.Type
		if a.Field != "" {
			name = `json:"` + a.Field
		}
		if filepath.Dir(a.File) != newDir || a.Line < 1 || a.Line > len(lines) || !strings.Contains(lines[a.Line-1], name) {
			t.Errorf("%s: at %s:%d, want the line in %s that declares it", key, a.File, a.Line, newDir)
		}
	}
	for key, msg := range want {
		if got[key] != msg {
			t.Errorf("addition %s: message %q, want %q", key, got[key], msg)
		}
	}
	if len(got) != len(want) {
		t.Errorf("additions %v, want %v", got, want)
	}
}

func TestDiffVersionsUnknownPackage(t *testing.T) {
	m, oldPkg, newPkg := diffVersionsModel(t)
	if fs, as := DiffVersions(m, oldPkg, "example.com/nowhere/v1"); fs != nil || as != nil {
		t.Errorf("unknown new package: %v %v", fs, as)
	}
	if fs, as := DiffVersions(m, newPkg, newPkg); fs != nil || as != nil {
		t.Errorf("a version against itself: %v %v", fs, as)
	}
}

func additions(m *model.Model, oldPkg, newPkg string) []Addition {
	_, as := DiffVersions(m, oldPkg, newPkg)
	return as
}
