package validation

import "testing"

func TestPatternRegexp(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"k8s.io/api/...", "k8s.io/api", true},
		{"k8s.io/api/...", "k8s.io/api/core/v1", true},
		{"k8s.io/api/...", "k8s.io/apimachinery", false},
		{"k8s.io/api...", "k8s.io/apimachinery/pkg", true},
		{"k8s.io/.../v1", "k8s.io/api/core/v1", true},
		{"k8s.io/.../v1", "k8s.io/api/core/v1beta1", false},
		{"/src/x/...", "/src/x", true},
		{"/src/x/...", "/src/xy", false},
	} {
		if got := patternRegexp(c.pattern).MatchString(c.path); got != c.want {
			t.Errorf("%q matches %q: %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}
