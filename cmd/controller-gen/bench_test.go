package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// BenchmarkClusterAPI times upstream controller-gen and ours, each as one
// process running crd, rbac, webhook and object over the API packages of
// sigs.k8s.io/cluster-api/api v1.14.2, alternating, and reports the median
// of each and their ratio (upstream/ours: how many times faster ours is).
// It downloads and builds; CI does not run it:
//
//	go test ./cmd/controller-gen -run '^$' -bench ClusterAPI -benchtime 5x
func BenchmarkClusterAPI(b *testing.B) {
	dir := refmodtest.Copy(b, "sigs.k8s.io/cluster-api/api@v1.14.2")
	header := filepath.Join(refmodtest.Download(b, "sigs.k8s.io/cluster-api@v1.14.2"), "hack/scripts/verify/boilerplate/boilerplate.generatego.txt")
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

// makefileCalls are the controller-gen calls cluster-api v1.14.2's
// Makefile makes over the api module (generate-manifests-* and
// generate-go-deepcopy-* for core, kubeadm bootstrap and control plane),
// with paths relative to the module and outputs under out.
func makefileCalls(header, out string) [][]string {
	groups := [][]string{
		{"./addons/...", "./core/...", "./ipam/...", "./runtime/..."},
		{"./bootstrap/kubeadm/..."},
		{"./controlplane/kubeadm/..."},
	}
	var calls [][]string
	for i, g := range groups {
		dir := fmt.Sprintf("%s/%d", out, i)
		var paths []string
		for _, p := range g {
			paths = append(paths, "paths="+p)
		}
		calls = append(calls, append(slices.Clone(paths), "crd:crdVersions=v1", "rbac:roleName=manager-role",
			"output:crd:dir="+dir+"/crd", "output:rbac:dir="+dir+"/rbac", "output:webhook:dir="+dir+"/webhook", "webhook"))
		if i == 0 {
			paths = append(paths, "paths=./runtime/hooks/...")
		}
		calls = append(calls, append([]string{"object:headerFile=" + header}, paths...))
	}
	return calls
}

// BenchmarkClusterAPIMakefile times cluster-api's Makefile pattern: six
// separate controller-gen processes (makefileCalls), each loading the
// packages again, for upstream and for ours, and ours once more as the
// one process that does all six. It reports each side's median total and
// the ratios:
//
//	go test ./cmd/controller-gen -run '^$' -bench ClusterAPIMakefile -benchtime 5x
func BenchmarkClusterAPIMakefile(b *testing.B) {
	dir := refmodtest.Copy(b, "sigs.k8s.io/cluster-api/api@v1.14.2")
	header := filepath.Join(refmodtest.Download(b, "sigs.k8s.io/cluster-api@v1.14.2"), "hack/scripts/verify/boilerplate/boilerplate.generatego.txt")
	ours := filepath.Join(b.TempDir(), "controller-gen")
	if out, err := exec.Command("go", "build", "-o", ours, ".").CombinedOutput(); err != nil {
		b.Fatalf("building ours: %v\n%s", err, out)
	}
	up := upstream(b)
	out := b.TempDir()
	calls := makefileCalls(header, out)
	one := []string{"crd:crdVersions=v1", "rbac:roleName=manager-role", "webhook", "object:headerFile=" + header,
		"paths=./addons/...", "paths=./core/...", "paths=./ipam/...", "paths=./runtime/...",
		"paths=./bootstrap/kubeadm/...", "paths=./controlplane/kubeadm/...",
		"output:crd:dir=" + out + "/one/crd", "output:rbac:dir=" + out + "/one/rbac", "output:webhook:dir=" + out + "/one/webhook"}
	timed := func(bin string, calls ...[]string) time.Duration {
		start := time.Now()
		for _, args := range calls {
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			if o, err := cmd.CombinedOutput(); err != nil {
				b.Fatalf("%s %v: %v\n%s", bin, args, err, o)
			}
		}
		return time.Since(start)
	}
	timed(up, calls...) // warm the build and file caches for both
	timed(ours, calls...)
	var ups, oursSplit, oursOne []time.Duration
	b.ResetTimer()
	for range b.N {
		ups = append(ups, timed(up, calls...))
		oursSplit = append(oursSplit, timed(ours, calls...))
		oursOne = append(oursOne, timed(ours, one))
	}
	mu, ms, mo := median(ups), median(oursSplit), median(oursOne)
	b.ReportMetric(mu.Seconds(), "upstream-s")
	b.ReportMetric(ms.Seconds(), "ours-6-calls-s")
	b.ReportMetric(mo.Seconds(), "ours-1-call-s")
	b.ReportMetric(float64(mu)/float64(ms), "speedup-6-calls")
	b.ReportMetric(float64(mu)/float64(mo), "speedup-1-call")
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}
