// +k8s:featuregate-gen=package

// Package featuregate gates fields.
package featuregate

import "gates"

// Known is the gate list, imported so that the analysis sees it.
var Known = gates.Frobber2D
