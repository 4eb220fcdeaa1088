package defaulter

import "testing"

// TestDeclarations: the load may leave out what no declaration reaches,
// unless a peer directory ending in "/..." names every loaded package
// below it, those that only function bodies import included.
func TestDeclarations(t *testing.T) {
	for peers, want := range map[string]bool{"": true, "k8s.io/api/core/v1": true, "k8s.io/api/...": false} {
		g := &Generator{}
		if peers != "" {
			g.ExtraPeerDirs = []string{peers}
		}
		if got := g.Engine().Declarations; got != want {
			t.Errorf("peers %q: Declarations %v, want %v", peers, got, want)
		}
	}
}
