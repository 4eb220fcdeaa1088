package e2e

import (
	"testing"

	"example.com/frobbers/pkg/generated/clientset/versioned"
)

// TestServer runs every scenario against a real apiextensions-apiserver,
// backed by embedded etcd, that serves the Frobber CRD. One server is
// shared; each scenario works in its own namespace.
func TestServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts etcd and an API server")
	}
	cfg := startServer(t)
	client, err := versioned.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	runScenarios(t, func(*testing.T) backend { return backend{client: client} })
}
