package e2e

import (
	"context"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	frobbersv6 "example.com/frobbers/apis/frobbers/v6"
	applyv6 "example.com/frobbers/pkg/generated/applyconfiguration/frobbers/v6"
	"example.com/frobbers/pkg/generated/clientset/versioned/fake"
)

// TestFake runs every scenario against the generated fake clientset, one
// fresh clientset per scenario. The scenarios note where the fake differs
// from the server and check what it does instead.
//
// It uses NewSimpleClientset. The generated NewClientset tracks managed
// fields, which needs a structured-merge-diff schema for every type; the
// generated apply configurations carry one only when generated from an
// OpenAPI schema, which the example does not have (TestFakeNewClientset).
func TestFake(t *testing.T) {
	runScenarios(t, func(*testing.T) backend {
		//nolint:staticcheck // see above for why not NewClientset
		cs := fake.NewSimpleClientset()
		return backend{client: cs, fake: cs}
	})
}

// TestFakeNewClientset pins down what the generated NewClientset does with
// the example's types: its field manager has no schema for Frobber, so
// every write fails, including server-side apply. If the generated apply
// configurations ever carry a schema, this test fails and the scenarios
// can switch to NewClientset.
func TestFakeNewClientset(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), scenarioTimeout)
	defer cancel()
	fr := fake.NewClientset().FrobbersV6().Frobbers("ns")

	_, err := fr.Create(ctx, &frobbersv6.Frobber{ObjectMeta: metav1.ObjectMeta{Name: "a"}}, metav1.CreateOptions{})
	if err == nil || !strings.Contains(err.Error(), "no type found") {
		t.Errorf("Create: got %v, want a missing-schema error", err)
	}
	_, err = fr.Apply(ctx, applyv6.Frobber("a", "ns").WithSpec(applyv6.FrobberSpec().WithHeight(1)),
		metav1.ApplyOptions{FieldManager: "alice"})
	if err == nil || !strings.Contains(err.Error(), "no type found") {
		t.Errorf("Apply: got %v, want a missing-schema error", err)
	}
}
