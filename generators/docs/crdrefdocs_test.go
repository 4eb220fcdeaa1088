package docs_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// crdRefDocs is the module whose Markdown ours must cover: the elastic
// project's CRD reference docs generator, built from the module proxy.
const crdRefDocs = "github.com/elastic/crd-ref-docs@v0.3.0"

// TestCompleteAgainstCrdRefDocs runs crd-ref-docs, with its Markdown
// renderer and the config.yaml its module ships (the one its README
// documents, and its --config default), and ours on cluster-api/api and
// on cert-manager's pkg/apis. Every type and field crd-ref-docs documents
// must be documented by ours too; for the fields both document it logs,
// as a Markdown table, the facts ours shows that crd-ref-docs omits.
func TestCompleteAgainstCrdRefDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads cluster-api, cert-manager and crd-ref-docs, and builds crd-ref-docs")
	}
	if os.Getenv("APIGEN_SKIP_CRDREFDOCS") == "1" {
		t.Skip("APIGEN_SKIP_CRDREFDOCS=1")
	}
	start := time.Now()
	bin := installCrdRefDocs(t)
	// The config every run uses: crd-ref-docs requires one (--config
	// defaults to ./config.yaml and a missing file is an error), and this
	// is the one its module ships and its README documents.
	config := filepath.Join(refmodtest.Download(t, crdRefDocs), "config.yaml")
	t.Logf("crd-ref-docs built in %v", time.Since(start).Round(time.Second))

	projects := []struct {
		name, title string
		dir         func(t *testing.T) string
		source      string // crd-ref-docs --source-path, relative to the module
		pattern     string // ours
	}{
		{
			name:  "cluster-api",
			title: "cluster-api/api v1.14.2",
			dir: func(t *testing.T) string {
				return refmodtest.Copy(t, "sigs.k8s.io/cluster-api/api@v1.14.2")
			},
			source:  ".",
			pattern: "./...",
		},
		{
			name:  "cert-manager",
			title: "cert-manager v1.21.2 `pkg/apis`",
			// Not refmodtest.Copy: its `go mod download` of the whole
			// module graph fails, for the proxy refuses one of
			// cert-manager's dependencies (github.com/Venafi/vcert/v5
			// v5.13.7: 403, "This module version is not available"),
			// which pkg/apis does not import. The controller-gen tests
			// copy it the same way.
			dir: func(t *testing.T) string {
				return refmodtest.CopyDir(t, refmodtest.Download(t, "github.com/cert-manager/cert-manager@v1.21.2"))
			},
			source:  "pkg/apis",
			pattern: "./pkg/apis/...",
		},
	}
	var titles []string
	var results []*comparison
	for _, p := range projects {
		t.Run(p.name, func(t *testing.T) {
			began := time.Now()
			dir := p.dir(t)
			theirs := parseCrdRefDocs(runCrdRefDocs(t, bin, config, filepath.Join(dir, p.source)))
			nt, nf := theirs.counts()
			if nt == 0 || nf == 0 {
				t.Fatalf("crd-ref-docs documents %d types and %d fields: nothing to compare with", nt, nf)
			}
			out := t.TempDir()
			runDocs(t, dir, out, p.pattern)
			ours := parseOurs(readMarkdown(t, out))
			c := compare(theirs, ours)
			t.Logf("crd-ref-docs documents %d types and %d fields; ours %d types and %d fields; ours misses %d types and %d fields; "+
				"%d fields crd-ref-docs repeats under a list type ours documents under the type listed (%v)",
				c.theirTypes, c.theirFields, c.ourTypes, c.ourFields, len(c.missingTypes), len(c.missingFields), c.elsewhere, time.Since(began).Round(time.Second))
			if msg := c.fewerText(); msg != "" {
				t.Logf("facts crd-ref-docs shows on a field or type and ours does not:\n%s", msg)
			}
			if msg := c.missing(); msg != "" {
				t.Errorf("ours does not document everything crd-ref-docs documents:\n%s", msg)
			}
			// Enums, defaults and rules come from the CRD's schema, so
			// ours shows every one crd-ref-docs reads from the markers,
			// and no zero value openapi-gen would give as a default.
			for _, k := range []*factKind{ruleFacts, typeRuleFacts, enumFacts, defaultFacts} {
				if l := c.fewer[k]; len(l) > 0 {
					t.Errorf("%s: crd-ref-docs shows them on %d %s ours does not, such as %s", k.label, len(l), k.of, strings.Join(l[:min(len(l), 5)], ", "))
				}
			}
			if c.zeroDefaults > 0 {
				t.Errorf("ours shows %d zero-value defaults the CRDs do not have", c.zeroDefaults)
			}
			titles = append(titles, p.title)
			results = append(results, c)
		})
	}
	if len(results) > 0 {
		t.Logf("more than crd-ref-docs:\n\n%s", factsTable(titles, results))
	}
	t.Logf("took %v", time.Since(start).Round(time.Second))
}

// TestCrdRefDocsCompareSample checks the parsers and the comparison on
// hand-written samples of both Markdown layouts, each with the traps a
// real page may hold (headings and tables in doc comments, escaped pipes,
// enum-value tables), and that a type or field ours lacks is reported.
func TestCrdRefDocsCompareSample(t *testing.T) {
	dir := filepath.Join("testdata", "crdrefdocs", "sample")
	b, err := os.ReadFile(filepath.Join(dir, "crdrefdocs.md"))
	if err != nil {
		t.Fatal(err)
	}
	theirs := parseCrdRefDocs(string(b))
	ours := parseOurs(readMarkdown(t, filepath.Join(dir, "ours")))

	if got, want := theirs.String(), strings.Join([]string{
		"example.com/v1 Frobber: apiVersion kind metadata spec",
		"example.com/v1 FrobberSpec: color gone inner mode name replicas size",
		"example.com/v1 Mode:",
		"example.com/v1 Specs: s",
		"example.com/v1 Vanished: x",
	}, "\n"); got != want {
		t.Errorf("crd-ref-docs sample parsed as\n%s\nwant\n%s", got, want)
	}
	if got, want := ours.String(), strings.Join([]string{
		"example.com/shared Shared: s",
		"example.com/v1 Frobber: apiVersion kind metadata spec",
		"example.com/v1 FrobberSpec: color inner mode name outer replicas size",
		"example.com/v1 Inner: inner outer",
		"example.com/v1 Mode:",
		"example.com/v1 Specs:",
	}, "\n"); got != want {
		t.Errorf("our sample parsed as\n%s\nwant\n%s", got, want)
	}

	c := compare(theirs, ours)
	if got, want := c.missing(), strings.Join([]string{
		"types (1; 1 fields under them):",
		"  example.com/v1 Vanished",
		"fields of types ours documents (1):",
		"  example.com/v1 FrobberSpec.gone",
	}, "\n"); got != want {
		t.Errorf("missing:\n%s\nwant\n%s", got, want)
	}
	want := map[*factKind]count{
		ruleFacts:      {items: 2, facts: 3},
		typeRuleFacts:  {items: 1, facts: 1},
		enumFacts:      {items: 1, facts: 1},
		defaultFacts:   {items: 2, facts: 2},
		lifecycleFacts: {items: 2, facts: 2},
		gateFacts:      {items: 2, facts: 2},
		embeddedFacts:  {items: 1, facts: 1},
	}
	for _, k := range factKinds {
		if c.more[k] != want[k] {
			t.Errorf("%s: %+v, want %+v", k.label, c.more[k], want[k])
		}
	}
	if c.zeroDefaults != 1 || c.elsewhere != 1 {
		t.Errorf("%d zero defaults and %d fields found under the type listed, want 1 and 1", c.zeroDefaults, c.elsewhere)
	}
	if got, want := c.fewerText(), "Defaults (`**Default:**`): 1 fields, such as example.com/v1 FrobberSpec.size"; got != want {
		t.Errorf("facts crd-ref-docs shows and ours does not:\n%s\nwant\n%s", got, want)
	}
	t.Logf("sample table:\n\n%s", factsTable([]string{"sample"}, []*comparison{c}))

	// What the real test does with a field ours drops.
	delete(ours.types["example.com/v1 FrobberSpec"].fields, "name")
	if got := compare(theirs, ours).missing(); !strings.Contains(got, "example.com/v1 FrobberSpec.name") {
		t.Errorf("a field ours drops is not reported:\n%s", got)
	}
}

// installCrdRefDocs builds crd-ref-docs from the module proxy into a
// temporary directory and returns the binary.
func installCrdRefDocs(t *testing.T) string {
	t.Helper()
	gobin := t.TempDir()
	cmd := exec.Command("go", "install", crdRefDocs)
	cmd.Dir = gobin
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", crdRefDocs, err, out)
	}
	return filepath.Join(gobin, "crd-ref-docs")
}

// runCrdRefDocs runs crd-ref-docs on the packages below source and
// returns its Markdown.
func runCrdRefDocs(t *testing.T, bin, config, source string) string {
	t.Helper()
	out := t.TempDir()
	cmd := exec.Command(bin, "--source-path=.", "--config="+config, "--renderer=markdown", "--output-path="+out, "--log-level=ERROR")
	cmd.Dir = source
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("crd-ref-docs in %s: %v\n%s", source, err, b)
	}
	b, err := os.ReadFile(filepath.Join(out, "out.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readMarkdown returns the text of every .md file directly in dir, by name.
func readMarkdown(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no Markdown in %s", dir)
	}
	md := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		md[filepath.Base(f)] = string(b)
	}
	return md
}

// docSet is what a reference documents: types by "group/version Name".
type docSet struct {
	types map[string]*docType
}

type docType struct {
	gv, name  string
	lifecycle bool // a **Lifecycle:** line
	rules     int  // type-level CEL rules
	fields    map[string]*docField
	// Ours: the type a type with no fields of its own is ("**Type:**
	// \[\][Condition](#condition)"), by key, where its fields are.
	under string
}

// docField is one field row and the facts it shows.
type docField struct {
	rules   int // CEL rules
	enum    bool
	def     bool // a default
	zeroDef bool // a default that is a zero value, such as openapi-gen gives a field that is not a pointer
	gate    bool // a feature gate
	// other validation: crd-ref-docs' markers but Required, Optional,
	// Enum and XValidation; ours' **Validation:** line.
	validation bool
	embedded   bool // expanded from an embedded struct
	list       bool // list or map semantics
	immutable  bool
}

func (s *docSet) add(gv, name string) *docType {
	key := gv + " " + name
	if s.types[key] == nil {
		s.types[key] = &docType{gv: gv, name: name, fields: map[string]*docField{}}
	}
	return s.types[key]
}

func (s *docSet) counts() (types, fields int) {
	for _, t := range s.types {
		fields += len(t.fields)
	}
	return len(s.types), fields
}

// String lists each type with its sorted field names, one a line.
func (s *docSet) String() string {
	var lines []string
	for key, t := range s.types {
		line := key + ":"
		for _, f := range sortedKeys(t.fields) {
			line += " " + f
		}
		lines = append(lines, line)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

var (
	identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	// firstCode is the first code span of a row's first cell: the field name.
	firstCode = regexp.MustCompile("^\\s*`([^`]+)`")
	lineBreak = regexp.MustCompile(`<br\s*/?>`)
	// unescapedPipe splits a table row into cells.
	unescapedPipe = regexp.MustCompile(`(^|[^\\])\|`)
)

// cells splits a Markdown table row at its unescaped pipes, dropping the
// empty text before the first and after the last.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	var out []string
	last := 0
	for _, m := range unescapedPipe.FindAllStringSubmatchIndex(row, -1) {
		pipe := m[1] - 1
		out = append(out, row[last:pipe])
		last = pipe + 1
	}
	out = append(out, row[last:])
	if len(out) >= 2 {
		out = out[1 : len(out)-1]
	}
	return out
}

// fieldName is the field's JSON name: the code span the row starts with.
func fieldName(cell string) (string, bool) {
	m := firstCode.FindStringSubmatch(cell)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// parseCrdRefDocs reads crd-ref-docs' Markdown (templates/markdown of its
// module): "## group/version" sections, listed under "## Packages", each
// type a "#### Name" heading, each field a row of the table headed
// "| Field | Description | Default | Validation |", its first cell
// "`name` _type_". A type's "| Field | Description |" table lists the
// constants of an enum, not fields.
func parseCrdRefDocs(md string) *docSet {
	set := &docSet{types: map[string]*docType{}}
	gvs := map[string]bool{}
	gvLink := regexp.MustCompile(`^- \[([^\]]+)\]\(#[^)]*\)$`)
	var gv string
	var cur *docType
	inPackages, inFields, inValidation := false, false, false
	for _, line := range strings.Split(md, "\n") {
		switch {
		case line == "## Packages":
			inPackages = true
			continue
		case inPackages && gvLink.MatchString(line):
			gvs[gvLink.FindStringSubmatch(line)[1]] = true
			continue
		case strings.HasPrefix(line, "## ") && gvs[strings.TrimPrefix(line, "## ")]:
			inPackages, gv, cur = false, strings.TrimPrefix(line, "## "), nil
			continue
		case strings.HasPrefix(line, "#### ") && gv != "" && identifier.MatchString(strings.TrimPrefix(line, "#### ")):
			cur = set.add(gv, strings.TrimPrefix(line, "#### "))
			inFields, inValidation = false, false
			continue
		}
		if cur == nil {
			continue
		}
		switch {
		case line == "_Validation:_":
			inValidation = true
		case inValidation && strings.HasPrefix(line, "- "):
			// Type-level validation, one marker a bullet. Its processor
			// drops XValidation; controller-gen turns the one-of markers
			// into CEL rules, which ours shows as such.
			marker, _, _ := strings.Cut(strings.TrimPrefix(line, "- "), ": ")
			switch marker {
			case "XValidation", "ExactlyOneOf", "AtMostOneOf", "AtLeastOneOf":
				cur.rules++
			}
		case line == "| Field | Description | Default | Validation |":
			inFields = true
		case inFields && strings.HasPrefix(line, "| "):
			c := cells(line)
			if len(c) < 4 {
				continue
			}
			name, ok := fieldName(c[0])
			if !ok {
				continue
			}
			// Its description escapes pipes, its default does not: the
			// default is every cell between the description and the
			// validation.
			def := strings.TrimSpace(strings.Join(c[2:len(c)-1], "|"))
			f := &docField{def: def != ""}
			for _, v := range lineBreak.Split(c[len(c)-1], -1) {
				marker, _, _ := strings.Cut(strings.TrimSpace(v), ": ")
				marker = strings.TrimPrefix(marker, "items:")
				switch {
				case marker == "XValidation":
					f.rules++
				case marker == "Enum":
					f.enum = true
				case strings.Contains(strings.ToLower(marker), "featuregate"), strings.Contains(strings.ToLower(marker), "feature-gate"):
					f.gate = true
				case marker != "" && marker != "Required" && marker != "Optional":
					f.validation = true
				}
			}
			cur.fields[name] = f
		default:
			if !strings.HasPrefix(line, "|") {
				inFields = false
			}
			if !strings.HasPrefix(line, "- ") {
				inValidation = false
			}
		}
	}
	return set
}

// parseOurs reads our Markdown (CONTRACT.tmp.md): each file's "# group/version"
// title, each type a "### Name" heading followed by its type-level
// "**Lifecycle:**" and "**Rule:**" lines, each field a row of the table
// headed "| Field | Type | Description |" whose first cell is "`jsonName`",
// its facts "<br>"-separated lines of the description starting with bold
// labels, "_Embedded from_" marking the fields of an embedded struct.
func parseOurs(files map[string]string) *docSet {
	set := &docSet{types: map[string]*docType{}}
	gvOf := map[string]string{} // file name to title
	under := map[*docType][2]string{}
	for _, name := range sortedKeys(files) {
		var gv string
		var cur *docType
		inFields := false
		for _, line := range strings.Split(files[name], "\n") {
			switch {
			case gv == "" && strings.HasPrefix(line, "# "):
				gv = strings.TrimPrefix(line, "# ")
				gvOf[name] = gv
				continue
			case strings.HasPrefix(line, "### ") && gv != "" && identifier.MatchString(strings.TrimPrefix(line, "### ")):
				cur, inFields = set.add(gv, strings.TrimPrefix(line, "### ")), false
				continue
			case strings.HasPrefix(line, "## "):
				cur, inFields = nil, false
				continue
			}
			if cur == nil {
				continue
			}
			switch {
			case !inFields && strings.HasPrefix(line, "**Lifecycle:**"):
				cur.lifecycle = true
			case !inFields && strings.HasPrefix(line, "**Rule:**"):
				cur.rules++
			case !inFields && strings.HasPrefix(line, "**Type:**"):
				if m := typeLink.FindStringSubmatch(line); m != nil && !strings.Contains(m[2], "://") {
					file := m[2]
					if file == "" {
						file = name
					}
					under[cur] = [2]string{file, m[1]}
				}
			case strings.HasPrefix(line, "| Field | Type | Description |"):
				inFields = true
			case inFields && strings.HasPrefix(line, "| "):
				c := cells(line)
				if len(c) < 3 {
					continue
				}
				name, ok := fieldName(c[0])
				if !ok {
					continue
				}
				f := &docField{}
				for _, l := range lineBreak.Split(strings.Join(c[2:], "|"), -1) {
					l = strings.TrimSpace(l)
					switch {
					case strings.HasPrefix(l, "**Rule:**"):
						f.rules++
					case strings.HasPrefix(l, "**Enum:**"):
						f.enum = true
					case strings.HasPrefix(l, "**Default:**"):
						f.def = true
						switch strings.TrimSpace(strings.TrimPrefix(l, "**Default:**")) {
						case "`{}`", "`\"\"`", "`0`", "`false`", "`[]`", "`null`":
							f.zeroDef = true
						}
					case strings.HasPrefix(l, "**Feature gate:**"):
						f.gate = true
					case strings.HasPrefix(l, "**List:**"), strings.HasPrefix(l, "**Map:**"):
						f.list = true
					case strings.HasPrefix(l, "**Immutable.**"):
						f.immutable = true
					case strings.HasPrefix(l, "**Validation:**"):
						f.validation = true
					}
					if strings.Contains(l, "_Embedded from_") {
						f.embedded = true
					}
				}
				cur.fields[name] = f
			case !strings.HasPrefix(line, "|"):
				inFields = false
			}
		}
	}
	for t, u := range under {
		if gv, ok := gvOf[u[0]]; ok {
			t.under = gv + " " + u[1]
		}
	}
	return set
}

// typeLink is the first link to a type in a "**Type:**" line: its name,
// file and anchor.
var typeLink = regexp.MustCompile(`\[([A-Za-z_][A-Za-z0-9_]*)\]\(([^)#\s]*)#([^)\s]+)\)`)

// field finds a field of t in ours: its own, or, for a type with no fields
// of its own, one of the type it is (a list of it, say), which crd-ref-docs
// repeats under the list type.
func (s *docSet) field(t *docType, name string) (f *docField, elsewhere bool) {
	for range 8 {
		if f := t.fields[name]; f != nil || len(t.fields) > 0 || s.types[t.under] == nil {
			return f, elsewhere
		}
		t, elsewhere = s.types[t.under], true
	}
	return nil, false
}

// factKind is a kind of fact ours may show and crd-ref-docs omit.
type factKind struct {
	label, unit, of string
}

var (
	ruleFacts      = &factKind{"CEL rules (`**Rule:**`)", "rules", "fields"}
	typeRuleFacts  = &factKind{"CEL rules on types (`**Rule:**`)", "rules", "types"}
	enumFacts      = &factKind{"Enum values (`**Enum:**`)", "", "fields"}
	defaultFacts   = &factKind{"Defaults (`**Default:**`)", "", "fields"}
	lifecycleFacts = &factKind{"Lifecycle (`**Lifecycle:**`)", "", "types"}
	gateFacts      = &factKind{"Feature gates (`**Feature gate:**`)", "", "fields"}
	embeddedFacts  = &factKind{"Expanded embedded fields (`_Embedded from_`)", "", "fields"}
	listFacts      = &factKind{"List and map semantics (`**List:**`, `**Map:**`)", "", "fields"}
	immutableFacts = &factKind{"Immutability (`**Immutable.**`)", "", "fields"}
	factKinds      = []*factKind{ruleFacts, typeRuleFacts, enumFacts, defaultFacts, lifecycleFacts, gateFacts, embeddedFacts, listFacts, immutableFacts}
	// Only the other way round: validation crd-ref-docs shows that ours
	// does not.
	validationFacts = &factKind{"Other validation (`**Validation:**`)", "", "fields"}
	fewerKinds      = []*factKind{ruleFacts, typeRuleFacts, enumFacts, defaultFacts, validationFacts}
)

// count is how many fields or types show a kind of fact, and how many
// such facts they show (rules come several to a field).
type count struct{ items, facts int }

type comparison struct {
	theirTypes, theirFields int
	ourTypes, ourFields     int
	missingTypes            []string // "group/version Name"
	missingTypeFields       int      // crd-ref-docs' fields of the types ours lacks
	missingFields           []string // "group/version Name.field"
	// crd-ref-docs' fields of a list type, say, that ours documents under
	// the type it is a list of.
	elsewhere    int
	zeroDefaults int // of the defaults ours shows more: zero values
	more         map[*factKind]count
	// The other way round: fields or types, by kind of fact crd-ref-docs
	// shows and ours does not.
	fewer map[*factKind][]string
}

// compare checks that ours documents every type and field theirs does,
// and counts the facts ours shows on them that theirs omits.
func compare(theirs, ours *docSet) *comparison {
	c := &comparison{more: map[*factKind]count{}, fewer: map[*factKind][]string{}}
	fewer := func(k *factKind, theirs, ours bool, what string) {
		if theirs && !ours {
			c.fewer[k] = append(c.fewer[k], what)
		}
	}
	c.theirTypes, c.theirFields = theirs.counts()
	c.ourTypes, c.ourFields = ours.counts()
	add := func(k *factKind, n int) {
		if n > 0 {
			c.more[k] = count{c.more[k].items + 1, c.more[k].facts + n}
		}
	}
	for _, key := range sortedKeys(theirs.types) {
		tt, ot := theirs.types[key], ours.types[key]
		if ot == nil {
			c.missingTypes = append(c.missingTypes, key)
			c.missingTypeFields += len(tt.fields)
			continue
		}
		// crd-ref-docs' templates have no lifecycle.
		if ot.lifecycle {
			add(lifecycleFacts, 1)
		}
		add(typeRuleFacts, max(0, ot.rules-tt.rules))
		fewer(typeRuleFacts, tt.rules > ot.rules, false, key)
		for _, name := range sortedKeys(tt.fields) {
			tf := tt.fields[name]
			of, elsewhere := ours.field(ot, name)
			if of == nil {
				c.missingFields = append(c.missingFields, key+"."+name)
				continue
			}
			if elsewhere {
				c.elsewhere++
			}
			add(ruleFacts, max(0, of.rules-tf.rules))
			add(enumFacts, boolInt(of.enum && !tf.enum))
			if of.def && !tf.def {
				add(defaultFacts, 1)
				if of.zeroDef {
					c.zeroDefaults++
				}
			}
			add(gateFacts, boolInt(of.gate && !tf.gate))
			// crd-ref-docs' templates show neither.
			add(listFacts, boolInt(of.list))
			add(immutableFacts, boolInt(of.immutable))
			what := key + "." + name
			fewer(ruleFacts, tf.rules > of.rules, false, what)
			fewer(enumFacts, tf.enum, of.enum, what)
			fewer(defaultFacts, tf.def, of.def, what)
			fewer(validationFacts, tf.validation, of.validation, what)
		}
		for _, name := range sortedKeys(ot.fields) {
			if ot.fields[name].embedded && tt.fields[name] == nil {
				add(embeddedFacts, 1)
			}
		}
	}
	return c
}

// missing describes what ours lacks, or is empty.
func (c *comparison) missing() string {
	var b strings.Builder
	if len(c.missingTypes) > 0 {
		fmt.Fprintf(&b, "types (%d; %d fields under them):\n", len(c.missingTypes), c.missingTypeFields)
		for _, m := range c.missingTypes {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	if len(c.missingFields) > 0 {
		fmt.Fprintf(&b, "fields of types ours documents (%d):\n", len(c.missingFields))
		for _, m := range c.missingFields {
			fmt.Fprintf(&b, "  %s\n", m)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// fewerText describes the facts crd-ref-docs shows and ours does not, or
// is empty.
func (c *comparison) fewerText() string {
	var b strings.Builder
	for _, k := range fewerKinds {
		if l := c.fewer[k]; len(l) > 0 {
			fmt.Fprintf(&b, "%s: %d %s, such as %s\n", k.label, len(l), k.of, strings.Join(l[:min(len(l), 5)], ", "))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// factsTable is the "more than crd-ref-docs" table, in Markdown, one
// column a project.
func factsTable(titles []string, cs []*comparison) string {
	var b strings.Builder
	row := func(cells ...string) { fmt.Fprintf(&b, "| %s |\n", strings.Join(cells, " | ")) }
	row(append([]string{"Shown by apigen, not by crd-ref-docs"}, titles...)...)
	sep := []string{"---"}
	for range titles {
		sep = append(sep, "---:")
	}
	row(sep...)
	cols := func(f func(c *comparison) string) []string {
		var out []string
		for _, c := range cs {
			out = append(out, f(c))
		}
		return out
	}
	row(append([]string{"Types crd-ref-docs documents (apigen too)"}, cols(func(c *comparison) string {
		return fmt.Sprintf("%d (%d)", c.theirTypes, c.theirTypes-len(c.missingTypes))
	})...)...)
	row(append([]string{"Fields crd-ref-docs documents (apigen too)"}, cols(func(c *comparison) string {
		return fmt.Sprintf("%d (%d)", c.theirFields, c.theirFields-c.missingTypeFields-len(c.missingFields))
	})...)...)
	for _, k := range factKinds {
		row(append([]string{k.label}, cols(func(c *comparison) string {
			n := c.more[k]
			switch {
			case k.unit != "":
				return fmt.Sprintf("%d %s on %d %s", n.facts, k.unit, n.items, k.of)
			case k == defaultFacts && c.zeroDefaults > 0:
				return fmt.Sprintf("%d %s (%d zero values: `{}`, `\"\"`, `false`...)", n.items, k.of, c.zeroDefaults)
			}
			return fmt.Sprintf("%d %s", n.items, k.of)
		})...)...)
	}
	return b.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
