// Package peer holds defaulting functions for another package's types.
package peer

import "defaults.example/good/shared"

func SetDefaults_Thing(obj *shared.Thing) {
	if obj.Value == "" {
		obj.Value = shared.DefaultValue
	}
}
