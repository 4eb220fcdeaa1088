// Package compat checks the API-changes guide's compatibility rules
// between two revisions of API types: `apigen compat`. Both revisions are
// loaded with apigen's loader and model and the markers of the same
// registry as generation; the checks read markers by name, so this
// package needs no generator.
package compat

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Finding is one incompatible (or doubtful) change. Its JSON form is the
// schema of `apigen compat --output json`.
type Finding struct {
	Rule         string `json:"rule"`
	Severity     string `json:"severity"` // error, warning or exempt
	File         string `json:"file"`     // relative to the revision's directory
	Line         int    `json:"line"`
	Revision     string `json:"revision"` // "new", or "base" for what was removed
	GroupVersion string `json:"groupVersion"`
	Type         string `json:"type,omitempty"`
	Field        string `json:"field,omitempty"` // the JSON name
	Message      string `json:"message"`
	Reason       string `json:"reason"`
	Note         string `json:"note,omitempty"`
	Key          string `json:"key"` // the stable form exception files list
	Excepted     bool   `json:"excepted"`
}

// StableKey is the finding's line in an exceptions file:
// rule,group/version,Type,field.
func (f Finding) StableKey() string {
	return strings.Join([]string{f.Rule, f.GroupVersion, f.Type, f.Field}, ",")
}

// Fails reports whether the finding makes the run fail.
func (f Finding) Fails() bool { return f.Severity == "error" && !f.Excepted }

// Revision is one side of a comparison: the directory its patterns are
// resolved in.
type Revision struct {
	Dir string
}

// Compare loads patterns in both revisions and returns the findings,
// with file names relative to each revision's directory.
func Compare(base, head Revision, patterns []string, reg *markers.Registry) ([]Finding, error) {
	// The two loads are independent: run them side by side.
	var oldAPI *api
	var oldErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		oldAPI, oldErr = loadAPI(base.Dir, patterns, reg)
	}()
	newAPI, err := loadAPI(head.Dir, patterns, reg)
	<-done
	if oldErr != nil {
		return nil, fmt.Errorf("base revision: %w", oldErr)
	}
	if err != nil {
		return nil, err
	}
	return finish(compareAPIs(oldAPI, newAPI), base, head), nil
}

// finish names each finding's file relative to its revision, and sets its
// key.
func finish(fs []Finding, base, head Revision) []Finding {
	for i := range fs {
		fs[i].File, fs[i].Revision = relativize(fs[i].File, base.Dir, head.Dir)
		fs[i].Key = fs[i].StableKey()
	}
	return fs
}

// loadAPI loads and reads the API versions that patterns name in dir.
func loadAPI(dir string, patterns []string, reg *markers.Registry) (*api, error) {
	m, err := loadModel(dir, patterns, reg)
	if err != nil {
		return nil, err
	}
	return snapshot(m), nil
}

// loadModel loads the packages that patterns name in dir into a model.
func loadModel(dir string, patterns []string, reg *markers.Registry) (*model.Model, error) {
	res, diags := load.Load(load.Config{Dir: dir, Patterns: patterns})
	if diags.HasErrors() {
		var b bytes.Buffer
		diags.Print(&b)
		return nil, fmt.Errorf("loading %s: %s", strings.Join(patterns, " "), strings.TrimSpace(b.String()))
	}
	// Marker problems are generation's to report; compat reads what parses.
	return model.Build(res, reg, &diag.List{}), nil
}

// relativize names file relative to the revision it lies in: the one
// whose directory is the longest prefix, should one hold the other.
func relativize(file, baseDir, headDir string) (string, string) {
	best, name, bestLen := file, "new", -1
	for _, r := range []struct{ dir, name string }{{headDir, "new"}, {baseDir, "base"}} {
		abs, err := filepath.Abs(r.dir)
		if err != nil {
			continue
		}
		real, _ := filepath.EvalSymlinks(abs)
		for _, d := range []string{abs, real} {
			rel, err := filepath.Rel(d, file)
			if d == "" || err != nil || strings.HasPrefix(rel, "..") || len(d) <= bestLen {
				continue
			}
			best, name, bestLen = filepath.ToSlash(rel), r.name, len(d)
		}
	}
	return best, name
}

// Print writes findings for people: file:line, severity, message and key,
// then the guide's reason.
func Print(w io.Writer, fs []Finding, stale []string) {
	counts := map[string]int{}
	for _, f := range fs {
		where := fmt.Sprintf("%s:%d", f.File, f.Line)
		if f.Revision == "base" {
			where += " (base)"
		}
		sev := f.Severity
		if f.Excepted {
			sev = "excepted"
		}
		counts[sev]++
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", where, sev, f.Message, f.Key)
		fmt.Fprintf(w, "\tguide: %s\n", f.Reason)
		if f.Note != "" {
			fmt.Fprintf(w, "\tnote: %s\n", f.Note)
		}
	}
	for _, s := range stale {
		fmt.Fprintf(w, "stale exception: %s matches no finding; remove it\n", s)
	}
	fmt.Fprintf(w, "%d errors, %d warnings, %d exempt (alpha), %d excepted, %d stale exceptions\n",
		counts["error"], counts["warning"], counts["exempt"], counts["excepted"], len(stale))
}
