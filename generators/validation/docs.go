package validation

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

// Docs returns the catalog of validation tags as upstream's --docs prints
// it: JSON, indented by four spaces, tags sorted, scopes sorted, and a
// usage line made up where a tag gives none.
func Docs() ([]byte, error) {
	docs := v.New(v.Config{}).Docs()
	for i := range docs {
		d := &docs[i]
		slices.Sort(d.Scopes)
		if d.Usage == "" {
			d.Usage = usage(*d)
		}
	}
	slices.SortFunc(docs, func(a, b v.TagDoc) int { return strings.Compare(a.Tag, b.Tag) })
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "    ")
	if err := enc.Encode(docs); err != nil {
		return nil, err
	}
	buf.WriteByte('\n') // upstream prints the encoding with Println
	return buf.Bytes(), nil
}

// usage spells a tag with its arguments' and payload's descriptions.
func usage(d v.TagDoc) string {
	s := d.Tag
	if len(d.Args) > 0 {
		args := make([]string, len(d.Args))
		for i, a := range d.Args {
			args[i] = a.Description
		}
		s += "(" + strings.Join(args, ", ") + ")"
	}
	switch len(d.Payloads) {
	case 0:
	case 1:
		s += "=" + d.Payloads[0].Description
	default:
		s += "=<payload>"
	}
	return s
}
