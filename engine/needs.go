package engine

import (
	"maps"
	"slices"

	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
)

// PeerNeeds are the Needs of a generator that a package's markers turn on
// and that then also reads the peer packages its flags name. of reports,
// for each package in import-path order, what else it needs and whether
// it is on; when any is, peers follow, each needed for why.
func PeerNeeds(docs map[string]markers.Set, of func(path string, s markers.Set) (extra []load.Extra, on bool), peers []string, why string) []load.Extra {
	var extra []load.Extra
	anyOn := false
	for _, path := range slices.Sorted(maps.Keys(docs)) {
		more, on := of(path, docs[path])
		extra = append(extra, more...)
		anyOn = anyOn || on
	}
	if !anyOn {
		return extra
	}
	for _, p := range peers {
		extra = append(extra, load.Extra{Path: p, Why: why})
	}
	return extra
}

// InputNeeds are the PeerNeeds of a generator that packages turn on with
// a markers.Activation: each package it is on for needs its input, when
// another package.
func InputNeeds(docs map[string]markers.Set, enable, input markers.Def[string], peers []string, why string) []load.Extra {
	return PeerNeeds(docs, func(path string, s markers.Set) ([]load.Extra, bool) {
		a := markers.Activate(path, s, enable, input)
		if !a.Enabled || a.Input == path {
			return nil, a.Enabled
		}
		return []load.Extra{{Path: a.Input, Pos: a.InputAt, Why: "+" + input.Name}}, true
	}, peers, why)
}
