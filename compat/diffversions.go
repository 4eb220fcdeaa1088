package compat

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"sort"

	"github.com/apigen-dev/apigen/internal/versiondiff"
	"github.com/apigen-dev/apigen/model"
)

// betweenRevisions are the rules that judge a change between two revisions
// of one group-version, and say nothing about how two versions of a group
// differ: DiffVersions leaves their findings out.
var betweenRevisions = map[string]bool{
	// The group-version itself going away.
	"removed-version": true,
	// Where a kind is stored, from one release to the next.
	"storage-version-new": true,
	// Versions of one revision defaulting a field differently: between the
	// two versions compared, default-added, -removed and -changed say it.
	"default-differs-across-versions": true,
	// Each version has protobuf messages of its own, so field numbers need
	// not carry over from one version to the next.
	"protobuf-number-changed": true,
	"protobuf-number-reused":  true,
	"protobuf-no-tombstone":   true,
}

// DiffVersions compares two versions of one API group read from m: the
// packages at import paths oldPkg and newPkg, as if oldPkg's version had
// become newPkg's. It returns the findings compat would report had that
// happened between two revisions, in compat's words (Rule, Message,
// Reason): removed kinds, types (in packages without kinds) and fields,
// JSON renames, type changes, new required fields, optional fields made
// required, defaults added, removed or changed, validation tightened or
// loosened, enum values removed or added, new CEL rules, fields made
// immutable, and changed list, map and struct semantics.
//
// Findings that only make sense between revisions are left out: the
// version's own removal, storage-version moves, defaults that differ
// across the versions of one revision, and protobuf field numbers (each
// version has its own messages). Every finding's GroupVersion names
// newPkg's version, and Key is its StableKey. File and Line are as the
// model names them (absolute paths, as loaded): in oldPkg's sources, with
// Revision "base", for what was removed (removed-field, removed-kind,
// removed-type, enum-value-removed of an enum type), else in newPkg's,
// with Revision "new". Severity is what compat would give within one
// version; between versions it has no bearing.
//
// compat reports additions only where they may break clients
// (new-required-field, enum-value-added, default-added), so DiffVersions
// also returns every addition, sorted by file and line:
//
//   - kinds newPkg serves and oldPkg does not: "kind Sprocket is now served by example.com/v1";
//   - types newPkg declares that oldPkg does not, unless compat matches
//     them with a type of another name (compat takes a Go type's rename
//     for no change) and unless they are kinds: "type SprocketSpec was added";
//   - fields of the types compat compares (from the kinds, or every
//     type in a package without kinds) whose JSON name is new and that are
//     no JSON rename of a field: `field "shape" (WidgetSpec.Shape) was added`.
//
// The fields of added types are not listed one by one. An added required
// field is both an addition and a new-required-field finding. It returns
// nil when m has not read either package in full (see
// model.Model.Package).
// An Addition is a kind, type or field that the newer of two versions has
// and the older lacks.
type Addition struct {
	What         string // "kind", "type" or "field"
	GroupVersion string // the newer version's
	Type         string // the kind or type, or the struct that has the field
	Field        string // the field's JSON name, for fields
	File         string // in the newer version's sources, as the model names it
	Line         int
	Message      string
}

func DiffVersions(m *model.Model, oldPkg, newPkg string) ([]Finding, []Addition) {
	po, pn := m.Package(oldPkg), m.Package(newPkg)
	if po == nil || pn == nil || oldPkg == newPkg {
		return nil, nil
	}
	ov, nv := readVersion(m, po), readVersion(m, pn)
	// One group-version across two "revisions": what compat compares.
	ov.gv = nv.gv
	paired := map[*typ]bool{}
	var adds []Addition
	addedField := map[string]bool{}
	w := watcher{
		paired: func(_, nt *typ) { paired[nt] = true },
		added: func(nt *typ, nf *field) {
			if k := nt.name + "." + nf.json; !addedField[k] {
				addedField[k] = true
				adds = append(adds, Addition{What: "field", GroupVersion: nv.gv, Type: nt.name, Field: nf.json,
					File: nf.pos.Filename, Line: nf.pos.Line,
					Message: fmt.Sprintf("field %q (%s.%s) was added", nf.json, nt.name, nf.goName)})
			}
		},
	}
	all := compareWatched(&api{versions: map[string]*version{nv.gv: ov}}, &api{versions: map[string]*version{nv.gv: nv}}, w)

	oldFiles := map[string]bool{}
	if po.Source != nil {
		for _, f := range append(slices.Clone(po.Source.GoFiles), po.Source.CompiledGoFiles...) {
			oldFiles[filepath.Clean(f)] = true
		}
	}
	var fs []Finding
	for _, f := range all {
		if betweenRevisions[f.Rule] {
			continue
		}
		f.Revision = "new"
		if oldFiles[filepath.Clean(f.File)] {
			f.Revision = "base"
		}
		f.Key = f.StableKey()
		fs = append(fs, f)
	}

	for _, k := range nv.kinds {
		if ot := ov.types[k]; ot == nil || !ot.kind {
			t := nv.types[k]
			adds = append(adds, Addition{What: "kind", GroupVersion: nv.gv, Type: k, File: t.pos.Filename, Line: t.pos.Line,
				Message: fmt.Sprintf("kind %s is now served by %s", k, nv.gv)})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(nv.types)) {
		t := nv.types[name]
		if ov.types[name] != nil || paired[t] || t.kind {
			continue
		}
		adds = append(adds, Addition{What: "type", GroupVersion: nv.gv, Type: name, File: t.pos.Filename, Line: t.pos.Line,
			Message: fmt.Sprintf("type %s was added", name)})
	}
	sort.SliceStable(adds, func(i, j int) bool {
		if adds[i].File != adds[j].File {
			return adds[i].File < adds[j].File
		}
		return adds[i].Line < adds[j].Line
	})
	return fs, adds
}

func init() {
	versiondiff.Between = changes
	versiondiff.SinceRevision = since
}

// since is Since's findings as versiondiff.Changes.
func since(m *model.Model, dir, rev string, patterns []string) ([]versiondiff.Change, error) {
	fs, err := Since(m, dir, rev, patterns)
	return asChanges(fs), err
}

// Since compares the API versions of m, read from dir, with the same
// packages at the git revision rev of the repository holding dir, as
// apigen compat --base rev does, without loading dir again.
func Since(m *model.Model, dir, rev string, patterns []string) ([]Finding, error) {
	baseDir, cleanup, err := gitWorktree(dir, rev)
	if err != nil {
		return nil, fmt.Errorf("revision %s: %w", rev, err)
	}
	defer cleanup()
	oldAPI, err := loadAPI(baseDir, patterns, m.Registry())
	if err != nil {
		return nil, fmt.Errorf("revision %s: %w", rev, err)
	}
	return finish(compareAPIs(oldAPI, snapshot(m)), Revision{baseDir}, Revision{dir}), nil
}

func asChanges(fs []Finding) []versiondiff.Change {
	var out []versiondiff.Change
	for _, f := range fs {
		out = append(out, versiondiff.Change{Rule: f.Rule, Severity: f.Severity, GroupVersion: f.GroupVersion, Type: f.Type, Field: f.Field,
			Message: f.Message, Pos: token.Position{Filename: f.File, Line: f.Line}})
	}
	return out
}

// changes is DiffVersions' findings and additions as versiondiff.Changes.
func changes(m *model.Model, oldPkg, newPkg string) []versiondiff.Change {
	findings, additions := DiffVersions(m, oldPkg, newPkg)
	var out []versiondiff.Change
	for _, a := range additions {
		out = append(out, versiondiff.Change{Rule: a.What + "-added", Severity: "added", GroupVersion: a.GroupVersion, Type: a.Type, Field: a.Field,
			Message: a.Message, Pos: token.Position{Filename: a.File, Line: a.Line}})
	}
	return append(out, asChanges(findings)...)
}
