package markers

import (
	"errors"
	"go/token"

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

// invalidValue reports a value def's grammar refused: an error, or a
// warning with the marker kept when the grammar says upstream reads it.
func invalidValue(def *Definition, pos token.Position, raw string, err error, diags *diag.List) (Marker, bool) {
	var l *Lenient
	if !errors.As(err, &l) {
		diags.Errorf(pos, "invalid value %s for +%s: %v", QuoteShort(raw), def.Name, err)
		return Marker{}, false
	}
	diags.Warnf(pos, "invalid value %s for +%s: %v", QuoteShort(raw), def.Name, err)
	return Marker{Def: def, Pos: pos, Value: l.Value, raw: raw}, true
}
