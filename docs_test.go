package apigen_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// docFiles are the pages whose shell commands TestDocs keeps working.
var docFiles = []string{"README.md", "docs/guide-kubernetes-apis.md", "docs/guide-aggregated-servers.md", "docs/guide-crds.md", "docs/reference.md", "docs/crd-conversion.md", "docs/api-docs.md"}

// runIn lists the documented commands TestDocs runs, each from a
// directory of the clone, as written but for /path/to/apigen, which
// becomes the clone. The commands regenerate or check files of the
// bundled example, so afterwards the clone must be unchanged. The
// variables a block assigns on lines of their own are set for the
// commands after them. Commands that build run before the others.
var runIn = map[string]string{
	"go build -o bin/ ./cmd/...":                                                                              ".",
	"go build -o bin/ ./cmd/controller-gen":                                                                   ".",
	"CODEGEN_PKG=/path/to/apigen ./hack/update-codegen.sh":                                                    "testdata/example",
	"CODEGEN_PKG=/path/to/apigen APIGEN_VERIFY_ONLY=true ./hack/update-codegen.sh":                            "testdata/example",
	"deepcopy-gen --go-header-file hack/boilerplate.go.txt --output-file zz_generated.deepcopy.go ./apis/...": "testdata/example",
	"conversion-gen --go-header-file hack/boilerplate.go.txt --output-file zz_generated.conversion.go ./apis/frobbers/v6 ./apis/frobbers/v7beta1": "testdata/example",
	"apigen generate --go-header-file hack/boilerplate.go.txt ./apis/...":                                                                         "testdata/example",
	"apigen generate --go-header-file hack/boilerplate.go.txt --verify-only ./apis/...":                                                           "testdata/example",
	"apigen markers": "testdata/example",
	"apigen docs --docs-output-dir docs --docs-formats markdown ./apis/...":                                     "testdata/example",
	"apigen generate --generators docs --docs-output-dir docs --docs-formats markdown --verify-only ./apis/...": "testdata/example",
	"apigen vet ./...":                            "testdata/example",
	"apigen compat --base HEAD ./apis/...":        "testdata/example",
	"apigen compat --crds --base HEAD config/crd": "testdata/example",
	"go-to-protobuf --go-header-file hack/boilerplate.go.txt --packages example.com/frobbers/apis/frobbers/v6":                       "testdata/example",
	`controller-gen crd "paths=./apis/frobbers/v5;./apis/frobbers/v6" output:crd:dir=./config/crd`:                                   "testdata/example",
	`controller-gen crd "paths=./apis/frobbers/v5;./apis/frobbers/v6" output:crd:dir=./config/crd --verify-only`:                     "testdata/example",
	"apigen generate --generators crdconversion --crdconversion-roundtrip-tests --go-header-file hack/boilerplate.go.txt ./apis/...": "testdata/example",
	"apigen generate --generators crd --crd-output-dir config/crd ./apis/frobbers/v5 ./apis/frobbers/v6":                             "testdata/example",
	// The example's whole client surface, from the repository's root.
	"apigen generate -C testdata/example --go-header-file hack/boilerplate.go.txt " +
		"--generators applyconfiguration,client,lister,informer " +
		"--applyconfiguration-output-dir pkg/generated/applyconfiguration --applyconfiguration-output-pkg $P/applyconfiguration " +
		"--client-output-dir pkg/generated/clientset --client-output-pkg $P/clientset --client-clientset-name versioned " +
		"--client-input-base ./apis --client-input frobbers/v5,frobbers/v6,frobbers/v7beta1 " +
		"--client-apply-configuration-package $P/applyconfiguration " +
		"--lister-output-dir pkg/generated/listers --lister-output-pkg $P/listers " +
		"--informer-output-dir pkg/generated/informers --informer-output-pkg $P/informers " +
		"--informer-versioned-clientset-package $P/clientset/versioned --informer-listers-package $P/listers " +
		"./apis/frobbers/v5 ./apis/frobbers/v6 ./apis/frobbers/v7beta1": ".",
}

// exempt lists the documented commands TestDocs neither runs nor checks,
// with the reason. Every other command is run (runIn) or checked: its
// program is one of this repository's commands, and each flag, subcommand
// and controller-gen option it uses is in that command's help.
var exempt = map[string]string{
	// The module is not on a proxy yet; TestGoTool runs this with a
	// replace of the module to the checkout, as the page says.
	"go get -tool github.com/apigen-dev/apigen/cmd/apigen": "needs the module on a proxy",
	// A separate module that builds and starts an API server on embedded
	// etcd: minutes; .ci/run runs it.
	"cd e2e && go test ./...": "minutes: the e2e module",
	// go vet builds the example and its dependencies; cmd/apigen-vet's
	// TestGoVet runs this route on testdata/diagnostics.
	"go vet -vettool=$(which apigen-vet) ./...": "tested by cmd/apigen-vet TestGoVet",
}

// docCommand is one shell command of a page: its text, with continued
// lines joined, and the variables its block assigned before it.
type docCommand struct {
	file string
	line int
	text string
	vars []string // NAME=value lines before it in its block
}

// shellLangs are the fence languages of shell blocks. Every fenced block of
// the pages must name a language, so that no command hides in a block
// that is not read.
var shellLangs = []string{"sh", "bash", "shell", "console"}

// docCommands returns the commands of the shell blocks of file (relative
// to root), the README's first block left out: TestREADME runs it.
func docCommands(t *testing.T, root, file string) []docCommand {
	t.Helper()
	f, err := os.Open(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []docCommand
	var vars []string
	in, shell, blocks := false, false, 0
	pending, start := "", 0
	n := 0
	for s := bufio.NewScanner(f); s.Scan(); {
		n++
		line := strings.TrimSpace(s.Text())
		if lang, ok := strings.CutPrefix(line, "```"); ok {
			switch {
			case in:
				in = false
			case lang == "":
				t.Errorf("%s:%d: a fenced block without a language; name one (sh for commands, text for the rest)", file, n)
				in, shell = true, false
			default:
				in, shell, vars = true, slices.Contains(shellLangs, lang), nil
				if shell {
					blocks++
				}
			}
			continue
		}
		if !in || !shell || (file == "README.md" && blocks == 1) {
			continue
		}
		if pending == "" {
			start = n
		}
		if l, ok := strings.CutSuffix(line, "\\"); ok {
			pending += strings.TrimSpace(l) + " "
			continue
		}
		text := strings.TrimSpace(stripComment(pending + line))
		pending = ""
		switch {
		case text == "":
		case regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=\S*$`).MatchString(text):
			vars = append(vars, text)
		default:
			out = append(out, docCommand{file, start, text, slices.Clone(vars)})
		}
	}
	return out
}

// stripComment removes a # comment outside quotes.
func stripComment(line string) string {
	quote := rune(0)
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// shellWords splits a simple command into words as the shell would,
// quotes removed and variables left as they are. It reports false for a
// command the shell would treat as more than one (;, &&, |, ...).
func shellWords(text string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range text {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case strings.ContainsRune(";&|<>()`", r):
			return nil, false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, quote == 0
}

// testDocs is TestDocs (see readme_test.go): every shell command of the
// pages is run in a clone, exempted with a reason, or checked against its
// command's help.
func testDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commands in a clone and runs them; skipped with -short")
	}
	clone, env := readme.clone, readme.env
	if clone == "" { // TestREADME did not run or failed: a clone of our own
		dir := outliving(t)
		clone = cloneWorkingTree(t, dir)
		env = freshEnv(t, dir)
	}
	bin := filepath.Join(clone, "bin")
	env = slices.Clone(env)
	for i, v := range env {
		if path, ok := strings.CutPrefix(v, "PATH="); ok {
			env[i] = "PATH=" + bin + string(os.PathListSeparator) + path
		}
	}

	var cmds []docCommand
	for _, f := range docFiles {
		cmds = append(cmds, docCommands(t, clone, f)...)
	}
	documented := map[string]bool{}
	for _, c := range cmds {
		documented[c.text] = true
	}
	for _, table := range []map[string]string{runIn, exempt} {
		for text := range table {
			if !documented[text] {
				t.Errorf("TestDocs lists a command no page shows any more; remove it from the table: %s", text)
			}
		}
	}

	// Build commands first, the one of every command before those of
	// single commands, which then find their binaries up to date; then the
	// rest in page order, each text once.
	rank := func(c docCommand) int {
		switch {
		case strings.HasPrefix(c.text, "go build ") && strings.HasSuffix(c.text, "./cmd/..."):
			return 0
		case strings.HasPrefix(c.text, "go build "):
			return 1
		}
		return 2
	}
	slices.SortStableFunc(cmds, func(a, b docCommand) int { return rank(a) - rank(b) })
	done := map[string]bool{}
	helps := map[string]string{}
	var ran, checked, exempted int
	for _, c := range cmds {
		if done[c.text] {
			continue
		}
		done[c.text] = true
		where := fmt.Sprintf("%s:%d", c.file, c.line)
		if _, ok := exempt[c.text]; ok {
			exempted++
			continue
		}
		if dir, ok := runIn[c.text]; ok {
			script := strings.Join(append(c.vars, strings.ReplaceAll(c.text, "/path/to/apigen", clone)), "\n")
			cmd := exec.Command("bash", "-e", "-c", script)
			cmd.Dir = filepath.Join(clone, dir)
			cmd.Env = env
			began := time.Now()
			out, err := cmd.CombinedOutput()
			t.Logf("%s: ran in %.1fs: %.80s", where, time.Since(began).Seconds(), c.text)
			if err != nil {
				t.Errorf("%s: %s\nrun in %s: %v\n%s", where, c.text, dir, err, out)
			}
			ran++
			continue
		}
		if err := checkCommand(clone, env, c.text, helps); err != nil {
			t.Errorf("%s: %s\n%v", where, c.text, err)
		}
		checked++
	}
	t.Logf("%d commands of %d pages: %d run, %d checked against their help, %d exempt", len(done), len(docFiles), ran, checked, exempted)
	status := git(t, clone, "status", "--porcelain", "--untracked-files=all", "--", ".", ":!bin")
	if status != "" {
		t.Errorf("the documented commands changed the clone:\n%s\n%s", status, git(t, clone, "diff", "--stat"))
	}
}

// checkCommand checks a command that is not run: its program is one of
// this repository's commands, built into the clone's bin, and every flag,
// subcommand and controller-gen option it uses is in that command's help.
func checkCommand(clone string, env []string, text string, helps map[string]string) error {
	words, ok := shellWords(text)
	if !ok {
		return fmt.Errorf("not a simple command: list it in runIn or, with a reason, in exempt")
	}
	for len(words) > 0 && regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`).MatchString(words[0]) {
		words = words[1:] // VAR=value before the command
	}
	if len(words) == 0 {
		return fmt.Errorf("no command")
	}
	prog, args := words[0], words[1:]
	if _, err := os.Stat(filepath.Join(clone, "cmd", prog)); err != nil {
		return fmt.Errorf("%s is none of this repository's commands: list the command in runIn or, with a reason, in exempt", prog)
	}
	help := func(args ...string) (string, error) {
		key := strings.Join(append([]string{prog}, args...), " ")
		if h, ok := helps[key]; ok {
			return h, nil
		}
		cmd := exec.Command(filepath.Join(clone, "bin", prog), args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if len(out) == 0 {
			return "", fmt.Errorf("%s printed no help: %v", key, err)
		}
		helps[key] = string(out)
		return string(out), nil
	}
	switch prog {
	case "apigen":
		usage, err := help("--help")
		if err != nil {
			return err
		}
		if len(args) == 0 || !strings.Contains(usage, "apigen "+args[0]) {
			return fmt.Errorf("apigen has no such subcommand; its usage:\n%s", usage)
		}
		sub, err := help(args[0], "--help")
		if err != nil {
			return err
		}
		return checkFlags(args[1:], sub)
	case "controller-gen":
		h, err := help("-h")
		if err != nil {
			return err
		}
		return checkControllerGen(args, h)
	}
	h, err := help("--help")
	if err != nil {
		return err
	}
	return checkFlags(args, h)
}

// checkFlags checks that each flag among args is in help: --name as
// "--name " and -x as "-x, ".
func checkFlags(args []string, help string) error {
	var missing []string
	for _, a := range args {
		switch {
		case a == "--" || !strings.HasPrefix(a, "-"):
		case strings.HasPrefix(a, "--"):
			name, _, _ := strings.Cut(a, "=")
			if !strings.Contains(help, name+" ") {
				missing = append(missing, name)
			}
		default:
			if !strings.Contains(help, a[:2]+", ") {
				missing = append(missing, a[:2])
			}
		}
	}
	if missing != nil {
		return fmt.Errorf("flags not in the command's help: %s", strings.Join(missing, " "))
	}
	return nil
}

// checkControllerGen checks controller-gen's arguments against the rows
// of its -h: each generator, output rule and option must have a row, and
// each option's name must be among its row's.
func checkControllerGen(args []string, help string) error {
	rows := map[string]string{}
	for _, l := range strings.Split(help, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(f[0], "+") {
			name := strings.TrimPrefix(f[0], "+")
			name = name[:strings.IndexAny(name+"[=", "[=")]
			rows[name] = f[0]
		}
	}
	var bad []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			if err := checkFlags([]string{a}, help); err != nil {
				bad = append(bad, a)
			}
			continue
		}
		name, opts, _ := strings.Cut(a, ":")
		if k, _, ok := strings.Cut(a, "="); ok && !strings.Contains(k, ":") {
			name, opts = k, "" // paths=...
		}
		if name == "output" { // output:[<generator>:]<rule>
			rule := opts
			if gen, rest, ok := strings.Cut(opts, ":"); ok && rows[gen] != "" {
				rule = rest
			}
			rule, _, _ = strings.Cut(rule, "=")
			kind, ropts, _ := strings.Cut(rule, ":")
			row := rows["output:"+kind]
			if row == "" || (ropts != "" && !strings.Contains(row, ropts+"=")) {
				bad = append(bad, a)
			}
			continue
		}
		row := rows[name]
		if row == "" {
			bad = append(bad, a)
			continue
		}
		for _, kv := range strings.Split(opts, ",") {
			if k, _, _ := strings.Cut(kv, "="); k != "" && !strings.Contains(row, k+"=") {
				bad = append(bad, a)
			}
		}
	}
	if bad != nil {
		return fmt.Errorf("not in controller-gen -h: %s", strings.Join(bad, " "))
	}
	return nil
}

// TestDocLinks checks the relative links of the README and docs/: each
// names a file that exists and, with #anchor, a heading of that file.
func TestDocLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, page := range append(pages, "README.md") {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: %v", page, target, err)
				continue
			}
			if anchor != "" && !slices.Contains(anchors(t, path), anchor) {
				t.Errorf("%s: link %s: %s has no heading with that anchor", page, target, path)
			}
		}
	}
}

// anchors returns the GitHub anchors of a Markdown file's headings.
func anchors(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			in = !in
		}
		if in || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var slug strings.Builder
		for _, r := range title {
			switch {
			case r == ' ':
				slug.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				slug.WriteRune(r)
			}
		}
		out = append(out, slug.String())
	}
	return out
}
