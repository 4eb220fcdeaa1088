package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestSizeLimits runs on CRDs too large for the API server (bad/hugecrd,
// over 3 MiB as JSON: an error) or for client-side kubectl apply
// (bad/bigcrd, whose last-applied-configuration annotation would be over
// 256 KiB: a warning, which says when etcd cannot store the CRD either),
// with and without maxDescLen, and on one whose YAML is over 256 KiB but
// whose JSON is not (bad/bigyaml: nothing to say).
// Each run prints golden/<name>.txt, or nothing; one with warnings at most
// writes upstream's files, and fails with --strict if it warns. The sizes
// a diagnostic gives are checked against the files written, measured as
// kubectl measures them, and so is each maxDescLen it suggests.
func TestSizeLimits(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(refmodtest.CopyDir(t, src), "bad")
	golden := func(name string) string { return filepath.Join(src, "golden", name+".txt") }

	t.Run("bigcrd", func(t *testing.T) {
		stderr, files := sizeRun(t, dir, golden("bigcrd"), "crd", "paths=./bigcrd/...")
		jsonSize, annots := kubectlSizes(t, files["bad.example_atlas.yaml"])
		if want := "annotations to " + strconv.Itoa(annots) + " bytes"; !strings.Contains(stderr, want) {
			t.Errorf("the warning does not say %q, as kubectl measures the manifest", want)
		}
		if want := "is " + strconv.Itoa(jsonSize) + " bytes as JSON"; !strings.Contains(stderr, want) {
			t.Errorf("the warning does not say %q, as kubectl measures the manifest", want)
		}
		n, predicted := suggestion(t, stderr, 0)
		t.Run("suggested maxDescLen", func(t *testing.T) {
			_, files := sizeRun(t, dir, "", "crd:maxDescLen="+strconv.Itoa(n), "paths=./bigcrd/...")
			if _, annots := kubectlSizes(t, files["bad.example_atlas.yaml"]); annots != predicted || annots > 256<<10 {
				t.Errorf("with maxDescLen=%d the annotations would be %d bytes; the warning said %d", n, annots, predicted)
			}
		})
		t.Run("maxDescLen one more", func(t *testing.T) {
			sizeRun(t, dir, golden("bigcrd-maxdesclen"), "crd:maxDescLen="+strconv.Itoa(n+1), "paths=./bigcrd/...")
		})
	})

	t.Run("bigyaml", func(t *testing.T) {
		_, files := sizeRun(t, dir, "", "crd", "paths=./bigyaml/...")
		manifest := files["bad.example_globes.yaml"]
		if _, annots := kubectlSizes(t, manifest); len(manifest) <= 256<<10 || annots > 256<<10 {
			t.Errorf("the fixture no longer has YAML over 256 KiB (%d bytes) and annotations under it (%d bytes)", len(manifest), annots)
		}
	})

	t.Run("hugecrd", func(t *testing.T) {
		stderr, _ := sizeRun(t, dir, golden("hugecrd"), "crd", "paths=./hugecrd/...")
		// Under 3 MiB, the API server reads it, but etcd cannot store it.
		t.Run("maxDescLen for the API server", func(t *testing.T) {
			n, predicted := suggestion(t, stderr, 0)
			_, files := sizeRun(t, dir, golden("hugecrd-maxdesclen"), "crd:maxDescLen="+strconv.Itoa(n), "paths=./hugecrd/...")
			if jsonSize, _ := kubectlSizes(t, files["bad.example_almanacs.yaml"]); jsonSize != predicted || jsonSize > 3<<20 {
				t.Errorf("with maxDescLen=%d the JSON is %d bytes; the error said %d", n, jsonSize, predicted)
			}
		})
		// Over etcd's default limit of 1.5 MiB, under its client's 2 MiB.
		t.Run("maxDescLen between", func(t *testing.T) {
			_, files := sizeRun(t, dir, golden("hugecrd-maxdesclen200"), "crd:maxDescLen=200", "paths=./hugecrd/...")
			if jsonSize, _ := kubectlSizes(t, files["bad.example_almanacs.yaml"]); jsonSize <= 3<<19 || jsonSize > 2<<20 {
				t.Errorf("with maxDescLen=200 the JSON is %d bytes, not between 1.5 and 2 MiB", jsonSize)
			}
		})
		// Under etcd's limit: only client-side apply fails, and the
		// schema's structure alone is too large for it.
		t.Run("maxDescLen for etcd", func(t *testing.T) {
			n, predicted := suggestion(t, stderr, 1)
			stderr, files := sizeRun(t, dir, golden("hugecrd-etcd"), "crd:maxDescLen="+strconv.Itoa(n), "paths=./hugecrd/...")
			if jsonSize, _ := kubectlSizes(t, files["bad.example_almanacs.yaml"]); jsonSize != predicted || jsonSize > 3<<19-4<<10 {
				t.Errorf("with maxDescLen=%d the JSON is %d bytes; the error said %d", n, jsonSize, predicted)
			}
			if !strings.Contains(stderr, "descriptions alone cannot") {
				t.Errorf("the structure of the fixture alone no longer needs more than 256 KiB of annotations")
			}
		})
	})
}

// sizeRun runs ours with args in dir and requires golden's diagnostics
// (none for ""). A run with an error must exit 1 and write nothing; any
// other must exit 0 and write upstream's files, and, if it warns, exit 1
// with --strict, writing nothing. It returns the diagnostics and the files
// written.
func sizeRun(t *testing.T, dir, golden string, args ...string) (string, map[string][]byte) {
	t.Helper()
	t.Chdir(dir)
	out := filepath.Join(t.TempDir(), "ours")
	var stderr bytes.Buffer
	code := run(append(slices.Clone(args), "output:dir="+out), os.Stdout, &stderr)
	if golden != "" {
		refmodtest.Golden(t, golden, stderr.String())
	} else if stderr.Len() > 0 {
		t.Errorf("diagnostics, want none:\n%s", stderr.String())
	}
	if strings.Contains(stderr.String(), ": warning: ") || stderr.Len() == 0 {
		if code != 0 {
			t.Fatalf("exit %d, want 0", code)
		}
	} else {
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s was written", out)
		}
		return stderr.String(), nil
	}
	files := readDir(t, out)
	up := filepath.Join(t.TempDir(), "up")
	cmd := exec.Command(upstream(t), append(slices.Clone(args), "output:dir="+up)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream controller-gen: %v\n%s", err, out)
	}
	sameFiles(t, readDir(t, up), files)
	if stderr.Len() > 0 {
		strict := filepath.Join(t.TempDir(), "strict")
		var strictErr bytes.Buffer
		code := run(append(slices.Clone(args), "--strict", "output:dir="+strict), os.Stdout, &strictErr)
		if _, err := os.Stat(strict); code != 1 || err == nil || strictErr.String() != strings.ReplaceAll(stderr.String(), ": warning: ", ": ") {
			t.Errorf("--strict: exit %d, wrote %s: %v, stderr:\n%s", code, strict, err == nil, strictErr.String())
		}
	}
	return stderr.String(), files
}

var suggested = regexp.MustCompile(`crd:maxDescLen=(\d+) \(apigen generate: --crd-max-desc-len \d+\) brings its \w+ to (\d+) bytes`)

// suggestion returns the i-th maxDescLen the diagnostics suggest, and the
// size they say it brings the CRD to.
func suggestion(t *testing.T, stderr string, i int) (n, size int) {
	t.Helper()
	all := suggested.FindAllStringSubmatch(stderr, -1)
	if len(all) <= i {
		t.Fatalf("no maxDescLen suggested:\n%s", stderr)
	}
	n, _ = strconv.Atoi(all[i][1])
	size, _ = strconv.Atoi(all[i][2])
	return n, size
}

// kubectlSizes measures a manifest as kubectl does: the JSON it sends
// (what a json.Encoder writes of the object read from the YAML), and the
// annotations the object would have with that JSON as its
// last-applied-configuration.
func kubectlSizes(t *testing.T, manifest []byte) (jsonSize, annotations int) {
	t.Helper()
	_, doc, _ := bytes.Cut(manifest, []byte("---\n"))
	j, err := yaml.YAMLToJSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	var obj struct {
		Metadata struct{ Annotations map[string]string }
	}
	var whole map[string]any
	if err := json.Unmarshal(j, &obj); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(j, &whole); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(whole); err != nil {
		t.Fatal(err)
	}
	const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"
	annotations = len(lastApplied) + b.Len()
	for k, v := range obj.Metadata.Annotations {
		annotations += len(k) + len(v)
	}
	return b.Len(), annotations
}
