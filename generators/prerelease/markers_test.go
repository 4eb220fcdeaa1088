package prerelease

import (
	"testing"

	"github.com/apigen-dev/apigen/markers"
)

func TestReplacementGrammar(t *testing.T) {
	good := map[string]Replacement{
		"apps,v1,Deployment":                {"apps", "v1", "Deployment"},
		",v1,Pod":                           {"", "v1", "Pod"},
		"storage.k8s.io,v1beta1,CSINode":    {"storage.k8s.io", "v1beta1", "CSINode"},
		"apps,v1,1x":                        {"apps", "v1", "1x"},
		"flowcontrol.apiserver.k8s.io,v1,X": {"flowcontrol.apiserver.k8s.io", "v1", "X"},
	}
	for raw, want := range good {
		got, err := ReplacementGrammar{}.Parse(raw)
		if err != nil {
			t.Errorf("Parse(%q): %v", raw, err)
			continue
		}
		if got.(Replacement) != want {
			t.Errorf("Parse(%q) = %v, want %v", raw, got, want)
		}
	}
	for _, raw := range []string{"", "apps,v1", "apps,v1,X,Y", "apps,,X", "apps,v1,", "Apps,v1,X",
		"apps,1,X", "apps,V1,X", "apps,v1,x"} {
		if v, err := (ReplacementGrammar{}).Parse(raw); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", raw, v)
		}
	}
}

func TestSwitch(t *testing.T) {
	for raw, want := range map[string]bool{"true": true, "false": false, "": true, "package": true} {
		if got, _ := (markers.Switch{}).Parse(raw); got != want {
			t.Errorf("Parse(%q) = %v, want %v", raw, got, want)
		}
	}
}
