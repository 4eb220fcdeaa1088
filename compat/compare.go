package compat

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strings"
)

// warnings are the rules whose findings never fail a run by themselves.
var warnings = []string{"enum-value-added", "validation-loosened"}

// comparison compares one group-version across two revisions.
type comparison struct {
	old, new *version
	out      *[]Finding
	seen     map[string]bool // type pairs compared, with their context
	watch    watcher
}

// watcher hears what a comparison matches and what it finds added, which
// are no findings: DiffVersions lists additions from them. Either
// function may be nil.
type watcher struct {
	paired func(ot, nt *typ)        // a pair of types compareTypes compares
	added  func(nt *typ, nf *field) // a field new has and old lacks, renames aside
}

// scope is where in the object a type is reached.
type scope struct {
	status bool     // below the status of a kind: validation may tighten
	gates  []string // the feature gates of the fields above
}

// compareAPIs reports the changes from old to new.
func compareAPIs(old, new *api) []Finding { return compareWatched(old, new, watcher{}) }

// compareWatched is compareAPIs, telling w what it matches and finds added.
func compareWatched(old, new *api, w watcher) []Finding {
	var out []Finding
	release := latestIntroduced(new)
	for _, gv := range slices.Sorted(maps.Keys(old.versions)) {
		ov, nv := old.versions[gv], new.versions[gv]
		if nv == nil {
			out = append(out, removedVersion(ov, new))
			continue
		}
		c := &comparison{old: ov, new: nv, out: &out, seen: map[string]bool{}, watch: w}
		n := len(out)
		c.compareVersion()
		if why := retired(nv, release); why != "" {
			warnAll(out[n:], why)
		}
	}
	out = append(out, storageChecks(old, new)...)
	out = append(out, crossVersionDefaults(old, new)...)
	return dedupe(out)
}

func (c *comparison) compareVersion() {
	if len(c.old.kinds) == 0 {
		// No kinds: every exported type of the package is served.
		for _, name := range slices.Sorted(maps.Keys(c.old.types)) {
			nt := c.new.types[name]
			if nt == nil {
				c.report("removed-type", c.old.types[name].pos, name, "", scope{}, "type %s was removed", name)
				continue
			}
			c.compareTypes(c.old.types[name], nt, scope{})
		}
		return
	}
	for _, name := range c.old.kinds {
		ot, nt := c.old.types[name], c.new.types[name]
		if nt == nil || !nt.kind {
			c.removedKind(ot)
			continue
		}
		c.compareTypes(ot, nt, scope{})
	}
}

// removedKind reports a kind that is gone. The list kind of a kind that
// is gone too is part of the same removal. Where the package marks its
// REST resources with +genclient, a kind without it (a wrapper, options,
// or a subresource body) serves no resource of its own: a warning.
func (c *comparison) removedKind(ot *typ) {
	item := c.old.types[strings.TrimSuffix(ot.name, "List")]
	isList := item != nil && item != ot && item.kind
	if isList && (c.new.types[item.name] == nil || !c.new.types[item.name].kind) {
		return
	}
	n := len(*c.out)
	c.report("removed-kind", ot.pos, ot.name, "", scope{}, "kind %s is no longer served by %s", ot.name, c.old.gv)
	if !c.old.genclient || ot.genclient || isList && item.genclient {
		return
	}
	if f := &(*c.out)[n]; f.Severity == "error" {
		f.Severity = "warning"
		f.Note = "no +genclient in a package that marks its resources with it: a scheme type (options, a subresource body or a wrapper), not a REST resource of its own; check that no endpoint takes or returns it"
	}
}

// compareRequired reports a field that became required. A field the base
// left unmarked with omitempty never promised to be optional (the
// hand-written validation may have required it all along), so gaining
// +required is a warning; one without omitempty was already required in
// the published schema, which decides by omitempty alone. Below status
// the writers are the project's own controllers: warnings.
func (c *comparison) compareRequired(of, nf *field, sc scope, at func(string, string, ...any)) {
	if of.required || !nf.required {
		return
	}
	if of.marked == "" && !of.omitempty {
		return // a pointer without omitempty: required in the schema already
	}
	n := len(*c.out)
	at("optional-to-required", "field %q changed from optional to required", nf.json)
	f := &(*c.out)[n]
	if of.marked == "" && nf.marked == "required" && f.Severity == "error" {
		f.Severity = "warning"
		f.Note = "the base revision did not mark the field +optional (omitempty only): check that the hand-written validation already required it"
	}
	c.statusNote(n, sc)
}

// statusNote makes the error from index n a warning when it is below a
// kind's status: the guide lets status validation tighten.
func (c *comparison) statusNote(n int, sc scope) {
	if !sc.status || n >= len(*c.out) {
		return
	}
	if f := &(*c.out)[n]; f.Severity == "error" {
		f.Severity = "warning"
		f.Note = "a status field: its writers are the project's own controllers, and status validation may tighten"
	}
}

// compareTypes compares a type reached the same way in both revisions.
func (c *comparison) compareTypes(ot, nt *typ, sc scope) {
	key := fmt.Sprintf("%s>%s status=%v gates=%v", ot.name, nt.name, sc.status, sc.gates)
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	if c.watch.paired != nil {
		c.watch.paired(ot, nt)
	}
	c.compareEnums(ot, nt, sc)
	if ot.shape != nt.shape {
		c.report("type-changed", nt.pos, nt.name, "", sc, "type %s changed from %s to %s", nt.name, ot.shape, nt.shape)
		return
	}
	oldFields, newFields := c.old.flat(ot, 0), c.new.flat(nt, 0)
	newByJSON := map[string]*field{}
	newByGo := map[string]*field{}
	for _, f := range newFields {
		newByJSON[f.json] = f
		newByGo[f.goName] = f
	}
	oldByJSON := map[string]bool{}
	renamed := map[string]bool{}
	for _, of := range oldFields {
		oldByJSON[of.json] = true
		if newByJSON[of.json] == nil {
			renamed[of.goName] = true
		}
		nf := newByJSON[of.json]
		if nf == nil {
			c.removedField(ot, nt, of, newByGo[of.goName], sc)
			continue
		}
		c.compareFields(ot, nt, of, nf, sc)
	}
	for _, nf := range newFields {
		if oldByJSON[nf.json] || renamed[nf.goName] {
			continue
		}
		c.addedField(ot, nt, nf, sc)
	}
}

// flat returns the fields of t as JSON sees them: the fields of inlined
// local structs take the place of the inlined field.
func (v *version) flat(t *typ, depth int) []*field {
	var out []*field
	for _, f := range t.fields {
		inner := v.types[f.elem]
		if strings.HasPrefix(f.json, ",inline:") && inner != nil && f.container == "struct" && depth < 10 {
			out = append(out, v.flat(inner, depth+1)...)
			continue
		}
		out = append(out, f)
	}
	return out
}

func (c *comparison) removedField(ot, nt *typ, of, renamed *field, sc scope) {
	sc = sc.with(of)
	if renamed != nil && !strings.HasPrefix(of.json, ",") {
		c.report("json-rename", renamed.pos, nt.name, of.json, sc, "field %s.%s is now %q in JSON, not %q", nt.name, of.goName, renamed.json, of.json)
	} else {
		c.report("removed-field", of.pos, ot.name, of.json, sc, "field %q (%s.%s) was removed", of.json, ot.name, of.goName)
	}
	if of.protobuf == 0 || renamed != nil && renamed.protobuf == of.protobuf {
		return
	}
	if _, ok := nt.tombstones[of.protobuf]; !ok {
		c.report("protobuf-no-tombstone", of.pos, ot.name, of.json, sc, "removed field %q leaves protobuf number %d without a +k8s:deprecated=%s,protobuf=%d tombstone in %s", of.json, of.protobuf, of.json, of.protobuf, nt.name)
	}
}

func (c *comparison) addedField(ot, nt *typ, nf *field, sc scope) {
	if c.watch.added != nil {
		c.watch.added(nt, nf)
	}
	sc = sc.with(nf)
	if nf.required {
		n := len(*c.out)
		c.report("new-required-field", nf.pos, nt.name, nf.json, sc, "new field %q is required (add +optional, omitempty or a pointer)", nf.json)
		c.statusNote(n, sc)
	}
	if nf.protobuf == 0 {
		return
	}
	for _, of := range c.old.flat(ot, 0) {
		if of.protobuf == nf.protobuf && of.goName != nf.goName {
			c.report("protobuf-number-reused", nf.pos, nt.name, nf.json, sc, "new field %q takes protobuf number %d, which field %q had", nf.json, nf.protobuf, of.json)
			return
		}
	}
	tombs := maps.Clone(ot.tombstones)
	if tombs == nil {
		tombs = map[int]string{}
	}
	maps.Copy(tombs, nt.tombstones)
	if name, ok := tombs[nf.protobuf]; ok {
		c.report("protobuf-number-reused", nf.pos, nt.name, nf.json, sc, "new field %q takes protobuf number %d, reserved by the tombstone of removed field %q", nf.json, nf.protobuf, name)
	}
}

func (c *comparison) compareFields(ot, nt *typ, of, nf *field, sc scope) {
	sc = sc.with(nf)
	at := func(rule, format string, args ...any) {
		c.report(rule, nf.pos, nt.name, nf.json, sc, format, args...)
	}
	if of.shape != nf.shape {
		at("type-changed", "field %q changed from %s to %s in JSON", nf.json, of.shape, nf.shape)
	} else if of.pointer != nf.pointer && !of.omitempty && !nf.omitempty {
		at("type-changed", "field %q changed pointer-ness without omitempty, so its empty value changes between null and a zero value", nf.json)
	}
	c.compareRequired(of, nf, sc, at)
	c.compareDefaults(of, nf, at)
	if !sc.status {
		c.compareValidation(of.valid, nf.valid, nf.json, at)
	}
	if !of.valid.immutable && nf.valid.immutable {
		n := len(*c.out)
		at("became-immutable", "field %q became immutable", nf.json)
		c.soften(n, of.valid, nf.valid, "immutable")
	}
	if d := of.marks.diff(nf.marks); d != "" && of.shape == nf.shape {
		at("list-semantics-changed", "field %q: %s", nf.json, d)
	}
	if of.protobuf != 0 && nf.protobuf != 0 && of.protobuf != nf.protobuf {
		at("protobuf-number-changed", "field %q changed protobuf number from %d to %d", nf.json, of.protobuf, nf.protobuf)
	}
	if of.elem != "" && nf.elem != "" && of.shape == nf.shape {
		ot2, nt2 := c.old.types[of.elem], c.new.types[nf.elem]
		if ot2 != nil && nt2 != nil {
			inner := sc
			if nf.json == "status" && nt.kind {
				inner.status = true
			}
			c.compareTypes(ot2, nt2, inner)
		}
	}
}

func (c *comparison) compareDefaults(of, nf *field, at func(string, string, ...any)) {
	switch {
	case of.def == nil && nf.def != nil:
		at("default-added", "field %q gained the default %s", nf.json, *nf.def)
	case of.def != nil && nf.def == nil:
		at("default-removed", "field %q lost its default %s", nf.json, *of.def)
	case of.def != nil && *of.def != *nf.def:
		at("default-changed", "field %q's default changed from %s to %s", nf.json, *of.def, *nf.def)
	}
}

func (c *comparison) compareValidation(ov, nv validation, name string, at func(string, string, ...any)) {
	for _, k := range upperBounds {
		o, hadO := ov.limits[k]
		n, hasN := nv.limits[k]
		n0 := len(*c.out)
		switch {
		case hasN && (!hadO || n < o):
			at("validation-tightened", "field %q: %s %s", name, k, change(o, hadO, n, hasN))
		case hadO && (!hasN || n > o):
			at("validation-loosened", "field %q: %s %s", name, k, change(o, hadO, n, hasN))
		}
		c.soften(n0, ov, nv, k)
	}
	for _, k := range lowerBounds {
		o, hadO := ov.limits[k]
		n, hasN := nv.limits[k]
		n0 := len(*c.out)
		switch {
		case hasN && (!hadO || n > o):
			at("validation-tightened", "field %q: %s %s", name, k, change(o, hadO, n, hasN))
		case hadO && (!hasN || n < o):
			at("validation-loosened", "field %q: %s %s", name, k, change(o, hadO, n, hasN))
		}
		c.soften(n0, ov, nv, k)
	}
	for _, s := range []struct{ key, o, n string }{{"pattern", ov.pattern, nv.pattern}, {"format", ov.format, nv.format}} {
		n0 := len(*c.out)
		switch {
		case s.n != "" && s.o == "":
			at("validation-tightened", "field %q: %s set to %q", name, s.key, s.n)
		case s.n != "" && s.o != s.n:
			at("validation-tightened", "field %q: %s changed from %q to %q", name, s.key, s.o, s.n)
		case s.o != "" && s.n == "":
			at("validation-loosened", "field %q: %s %q removed", name, s.key, s.o)
		}
		c.soften(n0, ov, nv, s.key)
	}
	if ov.enum != nil || nv.enum != nil {
		c.compareValues(ov.enum, nv.enum, name, at)
	}
	for _, r := range nv.rules {
		if !slices.Contains(ov.rules, r) && !ratchets(r) {
			at("cel-rule-added", "field %q has a new CEL rule without oldSelf ratcheting: %s", name, oneLine(r))
		}
	}
	for _, r := range ov.rules {
		if !slices.Contains(nv.rules, r) {
			at("validation-loosened", "field %q lost the CEL rule %s", name, oneLine(r))
		}
	}
}

// soften makes the error findings from index n on warnings when key's
// tags are declarative validation in alpha, which the server does not
// enforce.
func (c *comparison) soften(n int, ov, nv validation, key string) {
	if !ov.shadow[key] && !nv.shadow[key] {
		return
	}
	for i := n; i < len(*c.out); i++ {
		if f := &(*c.out)[i]; f.Severity == "error" {
			f.Severity = "warning"
			f.Note = "+k8s:" + key + " is declarative validation in alpha (+k8s:alpha): not enforced; the hand-written validation decides"
		}
	}
}

// compareValues compares the enum lists of validation markers.
func (c *comparison) compareValues(o, n []string, name string, at func(string, string, ...any)) {
	if o == nil {
		at("validation-tightened", "field %q is now limited to the values %s", name, strings.Join(n, ", "))
		return
	}
	if n == nil {
		at("validation-loosened", "field %q is no longer limited to the values %s", name, strings.Join(o, ", "))
		return
	}
	for _, v := range o {
		if !slices.Contains(n, v) {
			at("enum-value-removed", "field %q no longer accepts %q", name, v)
		}
	}
	for _, v := range n {
		if !slices.Contains(o, v) {
			at("enum-value-added", "field %q accepts the new value %q", name, v)
		}
	}
}

// compareEnums compares the constants of an enum type.
func (c *comparison) compareEnums(ot, nt *typ, sc scope) {
	if ot.enum == nil || nt.enum == nil || sc.status {
		return
	}
	for _, v := range slices.Sorted(maps.Keys(ot.enum)) {
		if _, ok := nt.enum[v]; !ok {
			c.report("enum-value-removed", ot.enum[v], nt.name, "", sc, "enum type %s no longer has the value %q", nt.name, v)
		}
	}
	for _, v := range slices.Sorted(maps.Keys(nt.enum)) {
		if _, ok := ot.enum[v]; !ok {
			c.report("enum-value-added", nt.enum[v], nt.name, "", sc, "enum type %s has the new value %q", nt.name, v)
		}
	}
}

func (s semantics) diff(t semantics) string {
	var out []string
	for _, x := range []struct{ name, o, n string }{
		{"listType", s.listType, t.listType}, {"listMapKey", s.listMapKeys, t.listMapKeys},
		{"mapType", s.mapType, t.mapType}, {"structType", s.structType, t.structType},
		{"patchStrategy", s.patchStrategy, t.patchStrategy}, {"patchMergeKey", s.patchMergeKey, t.patchMergeKey},
	} {
		if x.o != x.n {
			out = append(out, fmt.Sprintf("%s changed from %q to %q", x.name, x.o, x.n))
		}
	}
	return strings.Join(out, ", ")
}

func (sc scope) with(f *field) scope {
	if len(f.gates) > 0 {
		sc.gates = append(slices.Clone(sc.gates), f.gates...)
	}
	return sc
}

func change(o float64, hadO bool, n float64, hasN bool) string {
	switch {
	case !hadO:
		return fmt.Sprintf("set to %v", n)
	case !hasN:
		return fmt.Sprintf("%v removed", o)
	}
	return fmt.Sprintf("changed from %v to %v", o, n)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// report records a finding in c's group-version.
func (c *comparison) report(rule string, pos token.Position, typeName, fieldName string, sc scope, format string, args ...any) {
	*c.out = append(*c.out, newFinding(rule, pos, c.new.gv, typeName, fieldName, sc.gates, fmt.Sprintf(format, args...)))
}

func newFinding(rule string, pos token.Position, gv, typeName, fieldName string, gates []string, msg string) Finding {
	f := Finding{
		Rule: rule, Severity: "error", File: pos.Filename, Line: pos.Line,
		GroupVersion: gv, Type: typeName, Field: fieldName, Message: msg, Reason: reasonOf(rule),
	}
	if slices.Contains(warnings, rule) {
		f.Severity = "warning"
	}
	if len(gates) > 0 && f.Severity == "error" {
		f.Severity = "warning"
		f.Note = fmt.Sprintf("the field is gated by %s: changes while it is gated are warnings", strings.Join(gates, ","))
	}
	if v := gv[strings.LastIndex(gv, "/")+1:]; strings.Contains(v, "alpha") {
		f.Severity = "exempt"
		f.Note = "alpha version " + v + ": compatibility is not required"
	}
	return f
}

// dedupe drops repeated findings (a type reached along several paths),
// keeping the most severe, and sorts the rest by file and line.
func dedupe(fs []Finding) []Finding {
	rank := map[string]int{"error": 2, "warning": 1}
	at := map[string]int{}
	var out []Finding
	for _, f := range fs {
		k := f.StableKey() + "|" + f.File + fmt.Sprint(f.Line) + f.Message
		if i, seen := at[k]; seen {
			if rank[f.Severity] > rank[out[i].Severity] {
				out[i] = f
			}
			continue
		}
		at[k] = len(out)
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}
