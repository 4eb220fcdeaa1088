// Package versiondiff lets generators list what changed between two
// versions of an API group, in the words of apigen compat, without
// importing package compat, whose tests run every generator. Package
// compat sets Between when it is linked in, as cmd/apigen links it.
package versiondiff

import (
	"go/token"

	"github.com/apigen-dev/apigen/model"
)

// Change is one difference: a finding of compat's rules, or an addition
// (Rule kind-added, type-added or field-added, Severity "added").
type Change struct {
	Rule, Severity string
	GroupVersion   string
	Type, Field    string // the type, and the field's JSON name
	Message        string
	Pos            token.Position
}

// Between lists what changed from the version at import path oldPkg to the
// one at newPkg, both read by m; nil when compat is not linked in.
var Between func(m *model.Model, oldPkg, newPkg string) []Change

// SinceRevision lists what changed in the API versions m read from
// directory dir since the git revision rev, loading patterns there; nil
// when compat is not linked in.
var SinceRevision func(m *model.Model, dir, rev string, patterns []string) ([]Change, error)
