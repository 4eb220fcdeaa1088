package compat

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// seed is one breaking edit of a copy of k8s.io/api, and the one finding
// it must cause. An edit replaces text that occurs exactly once in file;
// an empty old removes the directory file names.
type seed struct {
	family, file, old, new, key string
}

var seeds = []seed{
	{"json rename", "apps/v1/types.go",
		"zero and not specified. Defaults to 1.\n\t// +optional\n\tReplicas *int32 `json:\"replicas,omitempty\"",
		"zero and not specified. Defaults to 1.\n\t// +optional\n\tReplicas *int32 `json:\"replicaCount,omitempty\"",
		"json-rename,apps/v1,DeploymentSpec,replicas"},
	{"maxItems lowered", "discovery/v1/types.go",
		`+k8s:beta(since: "1.37")=+k8s:maxItems=100`,
		`+k8s:beta(since: "1.37")=+k8s:maxItems=50`,
		"validation-tightened,discovery.k8s.io/v1,Endpoint,addresses"},
	{"protobuf number changed", "apps/v1/types.go",
		"`json:\"progressDeadlineSeconds,omitempty\" protobuf:\"varint,9,",
		"`json:\"progressDeadlineSeconds,omitempty\" protobuf:\"varint,99,",
		"protobuf-number-changed,apps/v1,DeploymentSpec,progressDeadlineSeconds"},
	{"new required field", "batch/v1/types.go",
		"type JobSpec struct {\n",
		"type JobSpec struct {\n\t// +required\n\tQueueName string `json:\"queueName\"`\n\n",
		"new-required-field,batch/v1,JobSpec,queueName"},
	{"removed field (its number kept by a tombstone)", "apps/v1/types.go",
		"\tMinReadySeconds int32 `json:\"minReadySeconds,omitempty\" protobuf:\"varint,5,opt,name=minReadySeconds\"`",
		"\t// +k8s:deprecated=minReadySeconds,protobuf=5",
		"removed-field,apps/v1,DeploymentSpec,minReadySeconds"},
	{"type changed", "apps/v1/types.go",
		"\tPaused bool `json:\"paused,omitempty\"",
		"\tPaused string `json:\"paused,omitempty\"",
		"type-changed,apps/v1,DeploymentSpec,paused"},
	{"default added", "batch/v1/types.go",
		"\tBackoffLimit *int32 `json:\"backoffLimit,omitempty\"",
		"\t// +default=6\n\tBackoffLimit *int32 `json:\"backoffLimit,omitempty\"",
		"default-added,batch/v1,JobSpec,backoffLimit"},
	{"format added", "networking/v1/types.go",
		"\tController string `json:\"controller,omitempty\"",
		"\t// +k8s:format=k8s-long-name\n\tController string `json:\"controller,omitempty\"",
		"validation-tightened,networking.k8s.io/v1,IngressClassSpec,controller"},
	{"CEL rule without oldSelf", "batch/v1/types.go",
		"\tActiveDeadlineSeconds *int64 `json:\"activeDeadlineSeconds,omitempty\"",
		"\t// +k8s:validation:cel[0]:rule=\"self > 0\"\n\tActiveDeadlineSeconds *int64 `json:\"activeDeadlineSeconds,omitempty\"",
		"cel-rule-added,batch/v1,JobSpec,activeDeadlineSeconds"},
	{"list semantics", "apps/v1/types.go",
		"// +listType=atomic\n\tVolumeClaimTemplates",
		"// +listType=set\n\tVolumeClaimTemplates",
		"list-semantics-changed,apps/v1,StatefulSetSpec,volumeClaimTemplates"},
	{"GA version removed", "node/v1", "", "",
		"removed-version,node.k8s.io/v1,,"},
	{"protobuf number of a tombstone reused", "core/v1/types.go",
		"\tConfigMap *ConfigMapNodeConfigSource `json:\"configMap,omitempty\"",
		"\t// +optional\n\tLegacyRef *string `json:\"legacyRef,omitempty\" protobuf:\"bytes,1,opt,name=legacyRef\"`\n\n\tConfigMap *ConfigMapNodeConfigSource `json:\"configMap,omitempty\"",
		"protobuf-number-reused,v1,NodeConfigSource,legacyRef"},
}

func (s seed) apply(t *testing.T, dir string) {
	t.Helper()
	p := filepath.Join(dir, s.file)
	if s.old == "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s: %v", s.family, err)
		}
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), s.old); n != 1 {
		t.Fatalf("%s: %q occurs %d times in %s, want once", s.family, s.old, n, s.file)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), s.old, s.new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// compareDirs runs apigen compat --base-dir base in head.
func compareDirs(t *testing.T, base, head string) []Finding {
	t.Helper()
	code, out, stderr := run(t, "-C", head, "--base-dir", base, "--output", "json", "./...")
	if code == 2 || stderr != "" {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r.Findings
}

// TestSeededBreaks applies one breaking edit per rule family to a copy of
// k8s.io/api and requires exactly one error finding for each, over what
// the unedited copy gives.
func TestSeededBreaks(t *testing.T) {
	if testing.Short() {
		t.Skip("copies and compares k8s.io/api")
	}
	base, head := moduleDir(t, historyHead), moduleDir(t, historyHead)
	baseline := map[string]bool{}
	for _, l := range stable(compareDirs(t, base, head)) {
		baseline[l] = true
	}
	for _, s := range seeds {
		s.apply(t, head)
	}
	got := map[string][]Finding{}
	for _, f := range compareDirs(t, base, head) {
		if !baseline[stable([]Finding{f})[0]] {
			got[f.Key] = append(got[f.Key], f)
		}
	}
	for _, s := range seeds {
		fs := got[s.key]
		delete(got, s.key)
		if len(fs) != 1 {
			t.Errorf("%s: %d findings with key %s, want 1: %+v", s.family, len(fs), s.key, fs)
			continue
		}
		if fs[0].Severity != "error" {
			t.Errorf("%s: severity %s (%s), want error", s.family, fs[0].Severity, fs[0].Note)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		for _, f := range got[k] {
			t.Errorf("finding no seed explains: %s:%d %s %s", f.File, f.Line, f.Severity, f.Message)
		}
	}
}
