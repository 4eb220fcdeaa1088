package markers

import (
	"errors"

	"github.com/apigen-dev/apigen/diag"
)

// Lenient is a grammar's error for a value that upstream reads all the
// same, as Value: the marker is kept with Value, and the problem is a
// warning.
type Lenient struct {
	Value any
	Err   error
}

func (l *Lenient) Error() string { return l.Err.Error() }
func (l *Lenient) Unwrap() error { return l.Err }

// LenientOneOf is a OneOf whose other values upstream reads all the same:
// they are warnings (Why, or the values allowed), and the marker keeps
// As(raw), or raw when As is nil.
type LenientOneOf struct {
	OneOf
	As  func(raw string) string
	Why string
}

func (g LenientOneOf) Parse(raw string) (any, error) {
	v, err := g.OneOf.Parse(raw)
	if err == nil {
		return v, nil
	}
	if g.Why != "" {
		err = errors.New(g.Why)
	}
	if g.As != nil {
		raw = g.As(raw)
	}
	return nil, &Lenient{Value: raw, Err: err}
}

// invalidValue reports a value def's grammar refused: an error, or a
// warning with the marker kept when the grammar says upstream reads it.
func invalidValue(def *Definition, src source, raw string, err error, diags *diag.List) (Marker, bool) {
	pos := src.line.Pos
	var l *Lenient
	if !errors.As(err, &l) {
		diags.Errorf(pos, "invalid value %s for +%s: %v", QuoteShort(raw), def.Name, err)
		return Marker{}, false
	}
	diags.Warnf(pos, "invalid value %s for +%s: %v", QuoteShort(raw), def.Name, err)
	return def.markerAt(src, l.Value, raw), true
}
