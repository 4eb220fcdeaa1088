package crd

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/markers"
)

// TestLiteralsAgainstUpstream parses random value literals, nested and
// mutated, as +kubebuilder:default, :example and :title values with ours
// and with controller-tools' parser: both must give the same JSON, or both
// reject.
func TestLiteralsAgainstUpstream(t *testing.T) {
	up, ours := upstreamRegistry(t), ourRegistry()
	g := &gen{r: rand.New(rand.NewPCG(seed(), 2))}
	var c tally
	names := []string{"kubebuilder:default", "kubebuilder:example", "kubebuilder:title"}
	for i := range runs(18000) { // 12000 +kubebuilder:default and :example
		lit := g.value(3)
		if i%4 == 3 {
			lit = g.mutate(lit)
		}
		line := "+" + names[i%len(names)] + g.pick("=", "=", "=", ":=", ":x=") + lit
		c.add(line, markers.Field, upstreamOutcome(up, line, markers.Field), ourOutcome(ours, line, markers.Field))
	}
	c.report(t, "literals")
	if c.counts["both accept"] < 5000 || c.counts["both reject"] < 1000 {
		t.Errorf("too few of one kind: %v", c.counts)
	}
}

// TestLiteralShapes checks the shapes status-condition defaults take, and
// the name:=value form, against JSON written out and against upstream.
func TestLiteralShapes(t *testing.T) {
	up, ours := upstreamRegistry(t), ourRegistry()
	const def, ex = "kubebuilder:default", "kubebuilder:example"
	for _, c := range []struct{ name, value, want string }{
		{def, `={a: 1, b: {c: "x"}}`, `{"a":1,"b":{"c":"x"}}`},
		{def, `={"a","b"}`, `["a","b"]`},
		{def, `={{type: "A", status: "Unknown"},{type: "B", status: "Unknown"}}`,
			`[{"status":"Unknown","type":"A"},{"status":"Unknown","type":"B"}]`},
		{ex, `={conditions: {{type: "A"},{type: "B"}}}`, `{"conditions":[{"type":"A"},{"type":"B"}]}`},
		{def, `:={}`, `{}`},
		{def, "=a;`b;c`;-1.5", `["a","b;c","-1.5"]`},
		{ex, `={{1,2},{}}`, `[[1,2],null]`},
	} {
		line := "+" + c.name + c.value
		want := outcome{"accept", c.name, `{"":` + c.want + `}`}
		if got := ourOutcome(ours, line, markers.Field); got != want {
			t.Errorf("%s: got %s, want %s", line, got, want)
		}
		if got := upstreamOutcome(up, line, markers.Field); got != want {
			t.Errorf("%s: upstream gives %s, want %s", line, got, want)
		}
	}
}

// TestMarkerLinesAgainstUpstream parses random marker lines for every
// marker our crd and object generators read, with name forms, argument
// lists and values, correct and wrong, at every place.
func TestMarkerLinesAgainstUpstream(t *testing.T) {
	up, ours := upstreamRegistry(t), ourRegistry()
	var defs []*markers.Definition
	for _, d := range ours.Definitions() {
		// controller-tools v0.23.0 defines no +kubebuilder:skipclient; ours
		// reads it (as nothing) only so that it is no unknown marker. Nor
		// has it apigen's own markers.
		if d.Name != "kubebuilder:skipclient" && !strings.HasPrefix(d.Name, "apigen:") {
			defs = append(defs, d)
		}
	}
	g := &gen{r: rand.New(rand.NewPCG(seed(), 3))}
	var c tally
	for i := range runs(30000) {
		d := defs[g.r.IntN(len(defs))]
		line := g.line(d)
		if i%5 == 4 {
			line = g.mutate(line)
		}
		line = g.pick("", "", " ", "\t") + line + g.pick("", "", "", " ", "\t ")
		at := g.place(d)
		c.add(line, at, upstreamOutcome(up, line, at), ourOutcome(ours, line, at))
	}
	c.report(t, "marker lines")
	if c.counts["both accept"] < 5000 || c.counts["both reject"] < 3000 {
		t.Errorf("too few of one kind: %v", c.counts)
	}
}

// gen makes random marker text.
type gen struct{ r *rand.Rand }

var places = []markers.Place{markers.Package, markers.Type, markers.Field}

// place is mostly one where d may stand, else any.
func (g *gen) place(d *markers.Definition) markers.Place {
	at := places[g.r.IntN(len(places))]
	for g.chance(75) && at&d.Place == 0 {
		at = places[g.r.IntN(len(places))]
	}
	return at
}

func (g *gen) pick(options ...string) string { return options[g.r.IntN(len(options))] }

func (g *gen) chance(percent int) bool { return g.r.IntN(100) < percent }

// space is white space that may stand between tokens.
func (g *gen) space() string { return g.pick("", "", "", " ", " ", "  ", "\t") }

// value is a literal of controller-gen's loose grammar, nesting up to
// depth levels of maps and lists.
func (g *gen) value(depth int) string {
	switch n := g.r.IntN(12); {
	case depth > 0 && n < 3:
		return g.object(depth - 1)
	case depth > 0 && n < 5:
		return g.list(depth - 1)
	case n < 6:
		return g.join(";", g.r.IntN(3)+1, g.scalar)
	case n < 7:
		return "{}"
	}
	return g.scalar()
}

func (g *gen) object(depth int) string {
	pair := func() string {
		return g.key() + g.space() + ":" + g.space() + g.value(depth)
	}
	return "{" + g.space() + g.join(g.space()+","+g.space(), g.r.IntN(4), pair) + g.space() + "}"
}

// list is a braced list; its items are mostly of one kind, as
// controller-gen guesses the items' type from the first.
func (g *gen) list(depth int) string {
	item := g.scalarOfKind(g.r.IntN(13))
	switch g.r.IntN(5) {
	case 0:
		item = func() string { return g.object(depth) }
	case 1:
		item = func() string { return g.list(depth) }
	case 2:
		item = func() string { return g.value(depth) }
	}
	return "{" + g.join(g.space()+","+g.space(), g.r.IntN(4), item) + "}"
}

func (g *gen) join(sep string, n int, item func() string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = item()
	}
	return strings.Join(parts, sep)
}

func (g *gen) key() string {
	return g.pick("a", "b", "type", "status", "conditions", `"quoted key"`, "`raw`", "with space", "x-y", "1", "")
}

func (g *gen) scalar() string { return g.scalarOfKind(g.r.IntN(13))() }

// scalarOfKind returns a maker of one kind of scalar.
func (g *gen) scalarOfKind(k int) func() string {
	return [...]func() string{
		func() string { return strconv.Itoa(g.r.IntN(2000) - 1000) },
		func() string { return g.pick("1.5", "-0.25", "1e3", ".5", "5.", "2.5e-3", "-7.0", "1e400") },
		func() string { return g.pick("true", "false", "True", "truthy", "f") },
		func() string {
			return strconv.Quote(g.pick("", "x", "a,b", "a;b", "c: d", "{x}", "Unknown", `q"q`, "tab\there"))
		},
		func() string { return "`" + g.pick("raw", "a,b;c", `back\slash`, "{}") + "`" },
		func() string { return g.pick("'single'", "'a b'", "'") },
		func() string {
			return g.pick("word", "Unknown", "two words", "100Mi", "2024-01-15", "a/b", "sha256:abc", "087bdd", "0987", "123abc")
		},
		func() string { return g.pick("0x1F", "017", "1_000", "-", "--1", "- 5", "+5") },
		func() string { return g.pick("x", "y", "A", "B") },
		func() string { return g.pick("null", "nil", "a.b", "*", "$x", "@") },
		func() string { return g.pick("\"unterminated", "`open", "\"bad\\q\"") },
		func() string {
			return g.pick("1x", "1.5.3", "1e", "0b101", "0o17", "1i", "'c'", "/* c */ 1", "// c", "a=b", "é", "{a};{b}", "a:b", "-x", "-{1}")
		},
		func() string { return strconv.Itoa(g.r.IntN(10)) },
	}[k]
}

// mutate breaks text in one of several ways.
func (g *gen) mutate(text string) string {
	if text == "" {
		return g.pick("{", "}", ",", ";", ":")
	}
	i := g.r.IntN(len(text))
	switch g.r.IntN(5) {
	case 0:
		return text[:i] + text[i+1:]
	case 1:
		return text[:i] + g.pick("{", "}", ",", ";", ":", "\"", "'", "`", "=", "-", " ", "\t", "0", "a", ":=") + text[i:]
	case 2:
		return text[:i]
	case 3:
		j := i + g.r.IntN(len(text)-i)
		return text[:j] + text[i:]
	}
	return text + g.pick(",", ";", "}", " ", ",x=1", " // note", "#c")
}

// line is a marker line for d: a form of its name and arguments, right or
// wrong.
func (g *gen) line(d *markers.Definition) string {
	args := lineArgs(d)
	name := g.name(d.Name, args)
	switch {
	case len(args) == 0:
		return "+" + name + g.pick("", "", "=", "=x", "=true", " x", ":x=")
	case len(args) == 1 && args[0].Name == "":
		return g.anonymousLine(name, args[0])
	}
	return g.namedLine(name, args)
}

// lineArgs are d's arguments; the shared markers of other generators'
// grammars take one string.
func lineArgs(d *markers.Definition) []markers.Arg {
	switch gr := d.Value.(type) {
	case markers.ArgGrammar:
		return gr.Args
	case plain:
		return gr.Args
	}
	if d.Name == "default" {
		return []markers.Arg{{Kind: markers.ArgAny}}
	}
	return []markers.Arg{{Kind: markers.ArgString, Optional: true}}
}

// name is a form of a marker's name: itself mostly, else with a trailing
// colon, an argument's name or junk after it, cut short, or misspelt.
func (g *gen) name(name string, args []markers.Arg) string {
	switch g.r.IntN(12) {
	case 0:
		return name + ":"
	case 1:
		if len(args) > 0 {
			return name + ":" + args[g.r.IntN(len(args))].Name
		}
	case 2:
		return name + ":" + g.pick("x", "value", "name", "")
	case 3:
		if i := strings.LastIndexByte(name, ':'); i > 0 {
			return name[:i]
		}
	case 4:
		return g.mutate(name)
	}
	return name
}

func (g *gen) anonymousLine(name string, a markers.Arg) string {
	switch g.r.IntN(10) {
	case 0:
		return "+" + name
	case 1:
		return "+" + name + "="
	case 2:
		return "+" + name + "=" + g.valueOf(markers.ArgKind(g.r.IntN(int(markers.ArgRaw))))
	case 3:
		return "+" + name + "=" + g.valueOf(a.Kind) + g.pick(",x=1", ",", ";b", " extra")
	}
	return "+" + name + g.pick("=", "=", "=", ":=", "= ") + g.valueOf(a.Kind)
}

// namedLine writes some of args, in random order, sometimes repeated,
// unknown, valueless or with the first one's name before the "=".
func (g *gen) namedLine(name string, args []markers.Arg) string {
	var parts []string
	for _, a := range args {
		if !a.Optional && g.chance(90) || a.Optional && g.chance(40) {
			parts = append(parts, a.Name+"="+g.valueOf(a.Kind))
		}
	}
	g.r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	switch g.r.IntN(10) {
	case 0:
		parts = append(parts, g.pick("bogus", "Name", "x")+"="+g.scalar())
	case 1:
		if len(parts) > 0 {
			parts = append(parts, parts[g.r.IntN(len(parts))])
		}
	case 2:
		parts = append([]string{g.scalar()}, parts...)
	case 3:
		parts = append(parts, g.pick("name", "rule", "verbs"))
	}
	body := strings.Join(parts, g.pick(",", ",", ", ", " ,"))
	if name, ok := strings.CutSuffix(name, ":"); ok && g.chance(50) {
		return "+" + name + ":" + body
	}
	if body == "" {
		return "+" + name
	}
	return "+" + name + g.pick("=", "=", ":", ":=") + body
}

// valueOf is a value for an argument of kind k, usually of that kind.
func (g *gen) valueOf(k markers.ArgKind) string {
	if g.chance(10) {
		return g.scalar()
	}
	switch k {
	case markers.ArgString:
		return g.pick("word", "two words", `"a, b; c"`, "`raw,;`", `"quoted"`, ".spec.x", "self.a > 0", `"self.a, b"`, "100Mi", "a=b")
	case markers.ArgInt:
		return g.pick("0", "1", "-3", "+3", "30", "1.5", "0x10", " 4", "x")
	case markers.ArgNumber:
		return g.pick("0", "1.5", "-2", "1e3", "+5", " 6", "NaN", "Inf", "0x1p-2", "1_0", "5 # note", "x")
	case markers.ArgBool:
		return g.pick("true", "false", "True", "1", "yes", " true")
	case markers.ArgStrings:
		return g.pick("a", "a;b", "{a,b}", `{"a,b",c}`, "{}", "{a;b}", `"*"`, "a;b;c", "{ a , b }", "{a,{b}}")
	case markers.ArgAnyList:
		return g.pick("a;b", "1;2", "{1,2}", `"x";"y"`, "a", "{a,b}", "1;a", "{}")
	case markers.ArgAny:
		return g.value(2)
	}
	return g.pick("anything, at; all", "true", "8 # comment", "")
}

// runs is k, or GRAMMAR_N when set; seed changes with GRAMMAR_SEED. They
// let a run explore further than the tests' fixed lines.
func runs(k int) int {
	if s := os.Getenv("GRAMMAR_N"); s != "" {
		k, _ = strconv.Atoi(s)
	}
	return k
}

func seed() uint64 {
	s, _ := strconv.Atoi(os.Getenv("GRAMMAR_SEED"))
	return uint64(26 + s)
}

// FuzzMarkerAgainstUpstream: go test -fuzz=FuzzMarkerAgainstUpstream
// explores marker lines beyond the random ones above.
func FuzzMarkerAgainstUpstream(f *testing.F) {
	for _, seed := range []string{
		"+kubebuilder:default={{type: \"A\", status: \"Unknown\"},{type: \"B\"}}",
		"+kubebuilder:object:generate:=false",
		"+kubebuilder:printcolumn:name=\"a, b\",type=string,JSONPath=`.x`",
		"+kubebuilder:rbac:groups=\"\",resources=pods;secrets,verbs={get,list}",
		"+kubebuilder:validation:Maximum:=+5",
		"+kubebuilder:validation:Enum=a;\"b,c\";1",
		"+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object",
		"+listType=map",
		"+default={\"a\": 1}",
	} {
		f.Add(seed, uint8(2))
	}
	up, ours := upstreamRegistry(f), ourRegistry()
	f.Fuzz(func(t *testing.T, line string, place uint8) {
		at := places[int(place)%len(places)]
		if strings.ContainsAny(line, "\n\r") {
			return // one comment line holds no line break
		}
		if u, o := upstreamOutcome(up, line, at), ourOutcome(ours, line, at); u != o {
			t.Errorf("%s %q:\n\tupstream %s\n\tours     %s", at, line, u, o)
		}
	})
}
