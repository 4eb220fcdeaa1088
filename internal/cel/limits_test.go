package cel

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
)

// TestCostLimits holds the limits servercheck states as facts equal to the
// API server's.
func TestCostLimits(t *testing.T) {
	if RuleCostLimit != validation.StaticEstimatedCostLimit {
		t.Errorf("RuleCostLimit %d, the API server's %d", RuleCostLimit, validation.StaticEstimatedCostLimit)
	}
	if TotalCostLimit != validation.StaticEstimatedCRDCostLimit {
		t.Errorf("TotalCostLimit %d, the API server's %d", TotalCostLimit, validation.StaticEstimatedCRDCostLimit)
	}
}
