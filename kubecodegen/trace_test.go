package kubecodegen_test

import (
	"bytes"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
)

// traceComment ends each traced line: the file and line of apigen's code
// that wrote it.
var traceComment = regexp.MustCompile(`// apigen:(\S+):(\d+)$`)

// TestExampleTraced regenerates the example from nothing with
// APIGEN_TRACE=1. Every line of every generated Go file must end with a
// trace comment that names a line of this repository, but for blank
// lines, build constraints (which take no trailing comment) and lines that
// end inside a raw string (which the comment would change). The traced
// files must parse.
func TestExampleTraced(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's code generation; skipped with -short")
	}
	dir, committed := exampleCopy(t)
	removeGenerated(t, committed)
	for p, b := range committed {
		if paritytest.GeneratedBy(b, "featuregate-gen") {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	if out, err := bash(t, dir, "APIGEN_TRACE=1 bash hack/update-codegen.sh"); err != nil {
		t.Fatalf("update-codegen.sh: %v\n%s", err, out)
	}
	lengths := map[string]int{} // lines of the repository's files named
	n := 0
	for p, b := range paritytest.Snapshot(t, dir) {
		if filepath.Ext(p) != ".go" || !generated(committed[p]) {
			continue
		}
		n++
		rel := strings.TrimPrefix(p, dir+"/")
		if _, err := parser.ParseFile(token.NewFileSet(), p, b, parser.ParseComments); err != nil {
			t.Errorf("%s does not parse: %v", rel, err)
		}
		if bad := untraced(t, repoRoot(t), b, lengths); len(bad) > 0 {
			t.Errorf("%s: %d lines are not traced, such as:\n%s", rel, len(bad), strings.Join(bad[:min(len(bad), 3)], "\n"))
		}
	}
	if n < 40 {
		t.Fatalf("checked only %d generated Go files", n)
	}
	t.Logf("%d generated Go files traced to %d files of apigen", n, len(lengths))
}

// generated reports whether the committed file is one the example's
// script writes: gen_helpers runs featuregate-gen too.
func generated(b []byte) bool {
	tools := append(slices.Clip(exampleTools), "featuregate-gen")
	return slices.ContainsFunc(tools, func(tool string) bool { return paritytest.GeneratedBy(b, tool) })
}

// untraced describes the lines of src that should end with a trace
// comment and do not, or whose comment names no line of the repository.
func untraced(t *testing.T, root string, src []byte, lengths map[string]int) []string {
	inRaw := rawLines(src)
	var out []string
	for i, line := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || inRaw[i+1] || strings.HasPrefix(trimmed, "//go:build") || strings.HasPrefix(trimmed, "// +build") {
			continue
		}
		m := traceComment.FindStringSubmatch(line)
		if m == nil {
			out = append(out, "line "+strconv.Itoa(i+1)+" has no trace comment: "+line)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if length := fileLines(t, root, m[1], lengths); n < 1 || n > length {
			out = append(out, "line "+strconv.Itoa(i+1)+" names "+m[1]+":"+m[2]+", which has "+strconv.Itoa(length)+" lines")
		}
	}
	return out
}

// rawLines returns the lines that end inside a raw string literal.
func rawLines(src []byte) map[int]bool {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	out := map[int]bool{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING && strings.HasPrefix(lit, "`") {
			first := file.Line(pos)
			for l := first; l < first+strings.Count(lit, "\n"); l++ {
				out[l] = true
			}
		}
	}
}

// fileLines returns how many lines the repository's file rel has, or 0
// when there is no such file.
func fileLines(t *testing.T, root, rel string, lengths map[string]int) int {
	if n, ok := lengths[rel]; ok {
		return n
	}
	b, err := os.ReadFile(filepath.Join(root, rel))
	n := 0
	if err == nil {
		n = bytes.Count(b, []byte("\n"))
	}
	lengths[rel] = n
	return n
}
