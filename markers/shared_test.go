package markers

import "testing"

// The accepted and rejected values below were checked one by one against
// upstream prerelease-lifecycle-gen v0.37.2: it generated for every value
// accepted here and stopped with an error for every value rejected.
func TestReleaseGrammar(t *testing.T) {
	good := map[string]Release{
		"1.20":     {1, 20},
		"01.002":   {1, 2},
		"+1.-2":    {1, -2},
		"1.2,":     {1, 2},
		"1.2,=x":   {1, 2},
		"2.0":      {2, 0},
		"0.999999": {0, 999999},
	}
	for raw, want := range good {
		got, err := ReleaseGrammar{}.Parse(raw)
		if err != nil {
			t.Errorf("Parse(%q): %v", raw, err)
			continue
		}
		if got.(Release) != want {
			t.Errorf("Parse(%q) = %v, want %v", raw, got, want)
		}
	}
	for _, raw := range []string{"", "1", "1.", ".2", "1.x", "1.2.3", "v1.2", "1. 2", "1.2 // x",
		"1.99999999999", "1.2,a=b", "1.2,,a", "1_0.2", "0x1.2"} {
		if v, err := (ReleaseGrammar{}).Parse(raw); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", raw, v)
		}
	}
}
