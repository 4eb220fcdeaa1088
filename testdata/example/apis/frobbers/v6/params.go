/*
Copyright The Frobber Authors.

Licensed under the Apache License, Version 2.0 (the "License"). This file may
be used only in accordance with the License, which can be obtained at

    http://www.apache.org/licenses/LICENSE-2.0

Unless applicable law requires otherwise or it was agreed to in writing, the
software is provided "AS IS", with no warranties or conditions of any kind,
express or implied. Consult the License for the exact terms that govern its
permissions and limitations.
*/

package v6

import (
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// NormalizeParams links Param and Params the way the Kubernetes API guide
// prescribes for a singular field made plural. after is the object being
// written; before is the stored object on update, nil on create. Only these
// two fields are considered.
func NormalizeParams(after, before *FrobberSpec) {
	if before == nil {
		// Create: an old client sets only the singular field.
		if after.Param != "" && len(after.Params) == 0 {
			after.Params = []string{after.Param}
		}
		return
	}
	// Update: an old client cannot send Params, so an empty Params with an
	// unchanged Param keeps the stored list.
	if len(before.Params) > 0 && len(after.Params) == 0 && before.Param == after.Param {
		after.Params = before.Params
	}
	if before.Param == after.Param || !slices.Equal(before.Params, after.Params) {
		// Param unchanged, or Params changed too: validation judges.
		return
	}
	if after.Param == "" {
		// An old client cleared the field it knows.
		after.Params = nil
		return
	}
	// An old client changed the field it knows.
	after.Params = []string{after.Param}
}

// ValidateParams checks that Param and Params agree: a client that uses
// Params must also set Param to its first element.
func ValidateParams(spec *FrobberSpec, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case len(spec.Params) == 0:
	case spec.Param == "":
		errs = append(errs, field.Required(path.Child("param"), "must be set when params is set"))
	case spec.Params[0] != spec.Param:
		errs = append(errs, field.Invalid(path.Child("params").Index(0), spec.Params[0], "must equal param"))
	}
	return errs
}
