package markers

import "go/token"

// Activation is what a package says with a generator's repeatable switch,
// +<name>=<value> where "false" turns it off and any other value on, and
// with its input marker, +<name>-input=<import path>, as defaulter-gen and
// validation-gen read them.
type Activation struct {
	Enabled bool           // some value is given, and no "false"
	Values  []Given        // the values other than "false", in source order
	Mixed   *Marker        // a "false" given with other values: an error
	Input   string         // the package generated for: the package itself unless the input marker names another
	InputAt token.Position // where the input marker is, if given
}

// Given is a marker's value and where it is given.
type Given struct {
	Value string
	Pos   token.Position
}

// Activate reads the Activation of the package path from its markers s.
func Activate(path string, s Set, enable, input Def[string]) Activation {
	a := Activation{Input: path}
	var falses []Marker
	for m, v := range enable.Each(s) {
		if v == "false" {
			falses = append(falses, m)
		} else {
			a.Values = append(a.Values, Given{v, m.Pos})
		}
	}
	switch {
	case len(falses) > 0 && len(a.Values) > 0:
		a.Mixed = &falses[0]
	case len(a.Values) > 0:
		a.Enabled = true
	}
	if v, m, ok := input.Lookup(s); ok {
		a.Input, a.InputAt = v, m.Pos
	}
	return a
}
