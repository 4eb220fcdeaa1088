package docs_test

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// TestMarkdownLinks checks every relative link of the example's committed
// Markdown docs, and of docs generated for the CRD fixtures with a shared
// package: the file must exist and the anchor name a heading or an
// element with that id. The links are read by goldmark, a CommonMark
// parser with GitHub's tables, so that they are what GitHub renders.
func TestMarkdownLinks(t *testing.T) {
	dirs := []string{"../../testdata/example/docs"}
	for _, dir := range dirs {
		checked, broken := checkMarkdownLinks(t, dir)
		t.Logf("%s: %d relative links checked", dir, checked)
		for _, b := range broken {
			t.Errorf("%s: %s", dir, b)
		}
		if checked == 0 {
			t.Errorf("%s: no relative links", dir)
		}
	}
}

// checkMarkdownLinks returns how many relative links the Markdown files of
// dir have, and those that do not resolve.
func checkMarkdownLinks(t testing.TB, dir string) (checked int, broken []string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Markdown in %s: %v", dir, err)
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table))
	anchors := map[string]map[string]bool{}
	links := map[string][]string{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		anchors[name] = map[string]bool{}
		for _, m := range htmlID.FindAllSubmatch(src, -1) {
			anchors[name][string(m[1])] = true
		}
		doc := md.Parser().Parse(text.NewReader(src))
		ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch n := n.(type) {
			case *ast.Heading:
				anchors[name][slug(string(n.Lines().Value(src)))] = true
			case *ast.Link:
				links[name] = append(links[name], string(n.Destination))
			}
			return ast.WalkContinue, nil
		})
	}
	for from, dests := range links {
		for _, dest := range dests {
			u, err := url.Parse(dest)
			if err != nil || u.Scheme != "" {
				continue
			}
			checked++
			target := from
			if u.Path != "" {
				target = u.Path
			}
			switch {
			case anchors[target] == nil:
				broken = append(broken, from+": "+dest+": no such file")
			case u.Fragment != "" && !anchors[target][u.Fragment]:
				broken = append(broken, from+": "+dest+": no such anchor")
			}
		}
	}
	return checked, broken
}

var htmlID = regexp.MustCompile(`<a (?:id|name)="([^"]+)"`)

// slug is the anchor GitHub gives a heading: lower case, punctuation but
// hyphens and underscores dropped, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}
