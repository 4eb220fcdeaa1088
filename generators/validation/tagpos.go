package validation

import (
	"bytes"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"k8s.io/gengo/v2/codetags"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

// tagPos finds the comment line of the nth (0-based) tag named name in
// the doc comment that ends above decl, the position of a type, field or
// constant. It returns decl when the line cannot be found.
func (d *discoverer) tagPos(decl token.Position, name string, nth int) token.Position {
	if !decl.IsValid() {
		return decl
	}
	src, err := d.m.Source(decl.Filename)
	if err != nil {
		return decl
	}
	lines := bytes.Split(src, []byte("\n"))
	// Walk up through the comment lines right above the declaration.
	top := decl.Line - 1
	for top-1 >= 1 && isCommentLine(lines[top-2]) {
		top--
	}
	mark := regexp.MustCompile(`^\s*//\s*\+` + regexp.QuoteMeta(name) + `([^A-Za-z0-9_:-]|$)`)
	seen := 0
	for ln := top; ln < decl.Line; ln++ {
		line := lines[ln-1]
		if !mark.Match(line) {
			continue
		}
		if seen == nth {
			return token.Position{Filename: decl.Filename, Line: ln, Column: bytes.Index(line, []byte("//")) + 1}
		}
		seen++
	}
	return decl
}

func isCommentLine(b []byte) bool {
	return strings.HasPrefix(strings.TrimSpace(string(b)), "//")
}

// extractAt evaluates the validation tags among comments in ctx, one tag
// at a time in the registry's order, so that an error can be placed on
// the line of the tag that caused it; decl is the declaration's position.
func (d *discoverer) extractAt(ctx v.Context, comments []string, decl token.Position) (v.Validations, error) {
	tgs, err := d.reg.ExtractTags(comments)
	if err != nil {
		return v.Validations{}, at(decl, err)
	}
	slices.SortStableFunc(tgs, func(a, b codetags.Tag) int { return strings.Compare(a.Name, b.Name) })
	var out v.Validations
	nth := map[string]int{}
	for _, tag := range tgs {
		got, err := d.reg.ExtractTagValidations(ctx, tag)
		if err != nil {
			return v.Validations{}, at(d.tagPos(decl, tag.Name, nth[tag.Name]), err)
		}
		nth[tag.Name]++
		out.Add(got)
	}
	return out, nil
}
