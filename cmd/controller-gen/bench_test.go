package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/refmod"
)

// BenchmarkClusterAPI times upstream controller-gen and ours, each as one
// process running crd, rbac, webhook and object over the API packages of
// sigs.k8s.io/cluster-api/api v1.14.2, alternating, and reports the median
// of each and their ratio (upstream/ours: how many times faster ours is).
// It downloads and builds; CI does not run it:
//
//	go test ./cmd/controller-gen -run '^$' -bench ClusterAPI -benchtime 5x
func BenchmarkClusterAPI(b *testing.B) {
	dir := refmod.Copy(b, "sigs.k8s.io/cluster-api/api@v1.14.2")
	header := filepath.Join(refmod.Download(b, "sigs.k8s.io/cluster-api@v1.14.2"), "hack/scripts/verify/boilerplate/boilerplate.generatego.txt")
	ours := filepath.Join(b.TempDir(), "controller-gen")
	if out, err := exec.Command("go", "build", "-o", ours, ".").CombinedOutput(); err != nil {
		b.Fatalf("building ours: %v\n%s", err, out)
	}
	up := upstream(b)
	out := b.TempDir()
	args := []string{"crd:crdVersions=v1", "rbac:roleName=manager-role", "webhook", "object:headerFile=" + header,
		"paths=./addons/...", "paths=./core/...", "paths=./ipam/...", "paths=./runtime/...",
		"paths=./bootstrap/kubeadm/...", "paths=./controlplane/kubeadm/...",
		"output:crd:dir=" + out + "/crd", "output:rbac:dir=" + out + "/rbac", "output:webhook:dir=" + out + "/webhook"}
	timed := func(bin string) time.Duration {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		start := time.Now()
		if o, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v\n%s", bin, err, o)
		}
		return time.Since(start)
	}
	timed(up) // warm the build and file caches for both
	timed(ours)
	var ups, ourTimes []time.Duration
	b.ResetTimer()
	for range b.N {
		ups = append(ups, timed(up))
		ourTimes = append(ourTimes, timed(ours))
	}
	mu, mo := median(ups), median(ourTimes)
	b.ReportMetric(mu.Seconds(), "upstream-s")
	b.ReportMetric(mo.Seconds(), "ours-s")
	b.ReportMetric(float64(mu)/float64(mo), "speedup")
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
