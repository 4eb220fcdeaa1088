package crd

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"
	ctwebhook "sigs.k8s.io/controller-tools/pkg/webhook"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
)

// These tests hold our marker grammar against controller-tools v0.23.0's
// own parser: for each marker line, both must find the same definition
// with the same arguments, or both reject it, or both pass it over.

// outcome is what a parser makes of one marker line.
type outcome struct {
	verdict string // "accept", "reject" or "ignore" (no marker there)
	name    string // the definition, when accepted
	args    string // its arguments as canonical JSON, when accepted
}

func (o outcome) String() string {
	if o.verdict != "accept" {
		return o.verdict
	}
	return fmt.Sprintf("+%s %s", o.name, o.args)
}

var targets = map[markers.Place]ctmarkers.TargetType{
	markers.Package: ctmarkers.DescribesPackage,
	markers.Type:    ctmarkers.DescribesType,
	markers.Field:   ctmarkers.DescribesField,
}

// upstreamRegistry holds the markers controller-gen's crd, rbac, webhook
// and object generators register, and the apply-configuration switches
// that our registry defines too (as controller-tools' applyconfiguration
// generator defines them).
func upstreamRegistry(t testing.TB) *ctmarkers.Registry {
	t.Helper()
	reg := &ctmarkers.Registry{}
	for _, register := range []func(*ctmarkers.Registry) error{
		ctcrd.Generator{}.RegisterMarkers, ctrbac.Generator{}.RegisterMarkers,
		ctwebhook.Generator{}.RegisterMarkers, ctdeepcopy.Generator{}.RegisterMarkers,
	} {
		if err := register(reg); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []struct {
		name   string
		target ctmarkers.TargetType
		output any
	}{
		{"kubebuilder:ac:generate", ctmarkers.DescribesPackage, false},
		{"kubebuilder:ac:generate", ctmarkers.DescribesType, false},
		{"kubebuilder:ac:output:package", ctmarkers.DescribesPackage, ""},
	} {
		if err := reg.Define(d.name, d.target, d.output); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// ourRegistry holds the markers our crd and object generators read.
func ourRegistry() *markers.Registry {
	reg := privateRegistry()
	reg.Define(legacyDeepCopy...)
	return reg
}

// upstreamOutcome parses line as controller-gen does at a place; its
// collector passes on only lines that start with "+".
func upstreamOutcome(reg *ctmarkers.Registry, line string, at markers.Place) (o outcome) {
	text := strings.TrimSpace(line)
	if !strings.HasPrefix(text, "+") {
		return outcome{verdict: "ignore"}
	}
	d := reg.Lookup(text, targets[at])
	if d == nil {
		return outcome{verdict: "ignore"}
	}
	defer func() {
		if r := recover(); r != nil {
			o = outcome{verdict: fmt.Sprintf("panic: %v", r)}
		}
	}()
	v, err := d.Parse(text)
	if err != nil {
		return outcome{verdict: "reject"}
	}
	return outcome{"accept", d.Name, canonical(upstreamArgs(d, v))}
}

// upstreamArgs turns a parsed marker into its arguments by name, leaving
// out those that hold their zero value and are no pointers.
func upstreamArgs(d *ctmarkers.Definition, v any) map[string]any {
	out := map[string]any{}
	rv := reflect.ValueOf(v)
	for name, field := range d.FieldNames {
		f := rv
		if field != "" {
			f = rv.FieldByName(field)
		}
		switch {
		case f.Kind() == reflect.Pointer && !f.IsNil():
			out[name] = f.Elem().Interface()
		case f.Kind() != reflect.Pointer && !f.IsZero():
			out[name] = f.Interface()
		}
		if raw, ok := out[name].(ctmarkers.RawArguments); ok {
			out[name] = string(raw)
		}
	}
	return out
}

// ourOutcome parses line with our registry at a place.
func ourOutcome(reg *markers.Registry, line string, at markers.Place) outcome {
	var diags diag.List
	set := reg.Parse([]markers.Line{{Text: line}}, at, &diags)
	switch {
	case diags.HasErrors():
		return outcome{verdict: "reject"}
	case len(set) == 0:
		return outcome{verdict: "ignore"}
	}
	args, err := ourArgs(set[0])
	if err != nil {
		return outcome{verdict: "reject"}
	}
	return outcome{"accept", set[0].Def.Name, canonical(args)}
}

// ourArgs is ourOutcome's counterpart of upstreamArgs. The +k8s: numbers
// are kept as text by the grammar and read by k8sAlias.
func ourArgs(m markers.Marker) (map[string]any, error) {
	out := map[string]any{}
	switch v := m.Value.(type) {
	case map[string]any:
		g := m.Def.Value.(markers.ArgGrammar)
		for name, val := range v {
			if a, _ := g.Arg(name); a.Pointer || !isZero(a.Kind, val) {
				out[name] = val
			}
		}
	case string:
		if v != "" {
			out[""] = v
		}
	case markers.DefaultValue:
		if v.Ref == nil && v.JSON != nil {
			out["value"] = v.JSON
		}
	default:
		out[""] = v
	}
	switch m.Def.Name {
	case "k8s:maxItems", "k8s:minimum", "k8s:maximum":
		_, v, err := k8sAlias(m.Def.Name, out[""])
		delete(out, "")
		if !isZero(markers.ArgNumber, v) {
			out[""] = v
		}
		return out, err
	}
	return out, nil
}

// isZero reports whether v is the zero value of an argument of kind k,
// which for a guessed value is only nil, as for Go's any.
func isZero(k markers.ArgKind, v any) bool {
	return v == nil || k != markers.ArgAny && reflect.ValueOf(v).IsZero()
}

// canonical is v as JSON, or as Go syntax when JSON has no form for it
// (NaN and infinities).
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// tally counts the outcomes of a comparison and keeps the first
// disagreements.
type tally struct {
	counts map[string]int
	diffs  []string
}

func (c *tally) add(line string, at markers.Place, up, ours outcome) {
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	if up != ours {
		c.counts["disagree"]++
		if len(c.diffs) < 40 {
			c.diffs = append(c.diffs, fmt.Sprintf("%s %q:\n\tupstream %s\n\tours     %s", at, line, up, ours))
		}
		return
	}
	c.counts["both "+up.verdict]++
}

func (c *tally) report(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d both accept (same definition and arguments), %d both reject, %d both ignore, %d disagree",
		what, c.counts["both accept"], c.counts["both reject"], c.counts["both ignore"], c.counts["disagree"])
	for _, d := range c.diffs {
		t.Error(d)
	}
}

// TestArgsMatchUpstream compares each of our definitions' arguments with
// those of controller-tools' definition of the same name and place: names,
// types, and which are optional or pointers.
func TestArgsMatchUpstream(t *testing.T) {
	up := upstreamRegistry(t)
	for _, d := range ourRegistry().Definitions() {
		for at, target := range targets {
			ud := up.Lookup("+"+d.Name, target)
			if d.Place&at == 0 || ud == nil || ud.Name != d.Name {
				continue
			}
			if got, want := argSummary(comparable(lineArgs(d), ud)), upstreamArgSummary(ud); got != want {
				t.Errorf("+%s on a %s: arguments %s, upstream %s", d.Name, at, got, want)
			}
		}
	}
}

// TestSameMarkersAsUpstream requires a definition of ours for each of
// controller-tools' at the same place, and none where it has none.
func TestSameMarkersAsUpstream(t *testing.T) {
	ours := map[string]bool{}
	for _, d := range ourRegistry().Definitions() {
		for at := range targets {
			if d.Place&at != 0 && d.Name != "kubebuilder:skipclient" && !strings.HasPrefix(d.Name, "apigen:") {
				ours[fmt.Sprintf("+%s on a %s", d.Name, at)] = true
			}
		}
	}
	for _, ud := range upstreamRegistry(t).AllDefinitions() {
		for at, target := range targets {
			key := fmt.Sprintf("+%s on a %s", ud.Name, at)
			if target == ud.Target && !ours[key] {
				t.Errorf("%s: upstream defines it, we do not", key)
			}
			if target == ud.Target {
				delete(ours, key)
			}
		}
	}
	for key := range ours {
		t.Errorf("%s: we define it, upstream does not", key)
	}
}

// comparable adjusts our arguments where they differ from upstream's by
// design: +default's JSON is one unnamed value here, and the +k8s: numbers
// are kept as text for k8sAlias to read.
func comparable(args []markers.Arg, ud *ctmarkers.Definition) []markers.Arg {
	args = slices.Clone(args)
	for i, a := range args {
		if a.Whole && a.Kind == markers.ArgRaw {
			args[i].Kind = upstreamKinds[ud.Fields[a.Name].Type]
		}
		if ud.Name == "default" {
			args[i].Name = "value"
		}
	}
	return args
}

// argSummary lists arguments sorted by name, with kind and flags.
func argSummary(args []markers.Arg) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, fmt.Sprintf("%s:%d:%v:%v", a.Name, a.Kind, a.Optional, a.Pointer))
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

var upstreamKinds = map[ctmarkers.ArgumentType]markers.ArgKind{
	ctmarkers.StringType: markers.ArgString, ctmarkers.IntType: markers.ArgInt, ctmarkers.NumberType: markers.ArgNumber,
	ctmarkers.BoolType: markers.ArgBool, ctmarkers.AnyType: markers.ArgAny, ctmarkers.RawType: markers.ArgRaw,
}

func upstreamArgSummary(d *ctmarkers.Definition) string {
	var args []markers.Arg
	for name, a := range d.Fields {
		k := upstreamKinds[a.Type]
		if a.Type == ctmarkers.SliceType {
			k = map[ctmarkers.ArgumentType]markers.ArgKind{ctmarkers.StringType: markers.ArgStrings, ctmarkers.AnyType: markers.ArgAnyList}[a.ItemType.Type]
		}
		args = append(args, markers.Arg{Name: name, Kind: k, Optional: a.Optional, Pointer: a.Pointer})
	}
	return argSummary(args)
}
