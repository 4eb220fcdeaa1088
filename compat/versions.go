package compat

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// removedVersion judges a group-version the new revision no longer
// serves. Alpha versions may go at any time; GA versions never within a
// major release; beta versions after their deprecation period, which the
// +k8s:prerelease-lifecycle-gen markers of their kinds record.
func removedVersion(ov *version, new *api) Finding {
	f := newFinding("removed-version", ov.pos, ov.gv, "", "", nil, fmt.Sprintf("version %s is no longer served", ov.gv))
	if !strings.Contains(ov.name, "beta") || f.Severity == "exempt" {
		return f
	}
	if why := retired(ov, latestIntroduced(new)); why != "" {
		f.Severity, f.Note = "warning", why+"; removing its Go types affects Go clients only"
		return f
	}
	var planned []string
	for _, k := range ov.kinds {
		lc := ov.types[k].lifecycle
		switch {
		case lc["removed"] != "":
			planned = append(planned, k+" removed in "+lc["removed"])
		case lc["deprecated"] != "":
			planned = append(planned, k+" deprecated in "+lc["deprecated"])
		default:
			return f // a kind that was never deprecated
		}
	}
	if len(planned) > 0 {
		f.Severity = "warning"
		f.Note = "the beta version's kinds were deprecated (" + strings.Join(planned, "; ") + "): check that the policy's 3 releases or 9 months have passed"
	}
	return f
}

// storageChecks reports a kind whose storage version
// (+kubebuilder:storageversion) moved to a version the old revision did
// not serve it in.
func storageChecks(old, new *api) []Finding {
	var out []Finding
	for _, gv := range slices.Sorted(maps.Keys(new.versions)) {
		nv := new.versions[gv]
		for _, k := range nv.kinds {
			nt := nv.types[k]
			if !nt.storage {
				continue
			}
			if ov := old.versions[gv]; ov != nil && ov.types[k] != nil && ov.types[k].kind {
				continue // served before: a rollback can read it
			}
			prev := storageOf(old, nv.group, k)
			if prev == "" || prev == gv {
				continue
			}
			out = append(out, newFinding("storage-version-new", nt.pos, gv, k, "", nil,
				fmt.Sprintf("%s is stored as %s, which this revision introduces; the previous revision stored it as %s", k, gv, prev)))
		}
	}
	return out
}

// storageOf returns the group-version that stores kind in a, or "".
func storageOf(a *api, group, kind string) string {
	for gv, v := range a.versions {
		if v.group == group && v.types[kind] != nil && v.types[kind].storage {
			return gv
		}
	}
	return ""
}

// crossVersionDefaults reports a field that versions of one group default
// differently in the new revision, unless they did so already in the old.
func crossVersionDefaults(old, new *api) []Finding {
	var out []Finding
	gvs := slices.Sorted(maps.Keys(new.versions))
	for i, a := range gvs {
		for _, b := range gvs[i+1:] {
			va, vb := new.versions[a], new.versions[b]
			if va.group != vb.group {
				continue
			}
			for _, name := range slices.Sorted(maps.Keys(vb.types)) {
				ta := va.types[name]
				if ta == nil {
					continue
				}
				out = append(out, defaultsAcross(ta, vb.types[name], va, vb, old)...)
			}
		}
	}
	return out
}

func defaultsAcross(ta, tb *typ, va, vb *version, old *api) []Finding {
	var out []Finding
	for _, fb := range tb.fields {
		fa := ta.findJSON(fb.json)
		if fa == nil || defaultText(fa) == defaultText(fb) {
			continue
		}
		if oa, ob := old.versions[va.gv], old.versions[vb.gv]; oa != nil && ob != nil {
			if pa, pb := oa.field(ta.name, fa.json), ob.field(tb.name, fb.json); pa != nil && pb != nil &&
				defaultText(pa) == defaultText(fa) && defaultText(pb) == defaultText(fb) {
				continue // as it was
			}
		}
		out = append(out, newFinding("default-differs-across-versions", fb.pos, vb.gv, tb.name, fb.json, fb.gates,
			fmt.Sprintf("field %q defaults to %s in %s but to %s in %s", fb.json, defaultText(fb), vb.gv, defaultText(fa), va.gv)))
	}
	return out
}

func defaultText(f *field) string {
	if f.def == nil {
		return "nothing"
	}
	return *f.def
}

func (t *typ) findJSON(name string) *field {
	for _, f := range t.fields {
		if f.json == name {
			return f
		}
	}
	return nil
}

func (v *version) field(typeName, jsonName string) *field {
	if t := v.types[typeName]; t != nil {
		return t.findJSON(jsonName)
	}
	return nil
}

// latestIntroduced returns the latest release that a
// +k8s:prerelease-lifecycle-gen:introduced marker of a revision names:
// the revision belongs to that release or a later one.
func latestIntroduced(a *api) release {
	var latest release
	for _, v := range a.versions {
		for _, t := range v.types {
			if r, ok := parseRelease(t.lifecycle["introduced"]); ok && latest.less(r) {
				latest = r
			}
		}
	}
	return latest
}

// retired says why the API server no longer serves v, or "": v is a
// beta version and every kind's removal release is no later than now.
// The removal release is +k8s:prerelease-lifecycle-gen:removed, else
// three minor releases after deprecated, which is itself three after
// introduced (as prerelease-lifecycle-gen works them out, and as the
// API server applies them to beta APIs). The Go types stay for old
// clients, but no request reaches them.
func retired(v *version, now release) string {
	if len(v.kinds) == 0 || now == (release{}) || !strings.Contains(v.name, "beta") {
		return ""
	}
	var last release
	for _, k := range v.kinds {
		r, ok := removal(v.types[k].lifecycle)
		if !ok || now.less(r) {
			return ""
		}
		if last.less(r) {
			last = r
		}
	}
	return fmt.Sprintf("version %s is no longer served: its kinds' lifecycle (+k8s:prerelease-lifecycle-gen) removes them by %d.%d, and this revision is at least %d.%d", v.gv, last.major, last.minor, now.major, now.minor)
}

// removal returns the release that stops serving a beta type.
func removal(lc map[string]string) (release, bool) {
	if r, ok := parseRelease(lc["removed"]); ok {
		return r, true
	}
	dep, ok := parseRelease(lc["deprecated"])
	if !ok {
		intro, ok := parseRelease(lc["introduced"])
		if !ok {
			return release{}, false
		}
		dep = intro.plus(3)
	}
	return dep.plus(3), true
}

// warnAll makes the errors among fs warnings, with note.
func warnAll(fs []Finding, note string) {
	for i := range fs {
		if fs[i].Severity == "error" {
			fs[i].Severity = "warning"
			fs[i].Note = note
		}
	}
}

// release is a Kubernetes minor release, 1.16.
type release struct{ major, minor int }

func (r release) less(s release) bool {
	return r.major < s.major || r.major == s.major && r.minor < s.minor
}

func (r release) plus(n int) release { return release{r.major, r.minor + n} }

func parseRelease(s string) (release, bool) {
	maj, min, ok := strings.Cut(strings.Trim(s, `"`), ".")
	a, err1 := strconv.Atoi(maj)
	b, err2 := strconv.Atoi(min)
	if !ok || err1 != nil || err2 != nil {
		return release{}, false
	}
	return release{a, b}, true
}
