package realworld

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// Project is one public project of the sweep: where the proxy serves it,
// and the build steps of its own that generate code.
type Project struct {
	Name     string    `json:"name"`
	Version  string    `json:"version"`
	Modules  []Module  `json:"modules"`  // all of the repository's modules the steps need
	Covers   []string  `json:"covers"`   // which kinds of project of the sweep's breadth it stands for
	CI       bool      `json:"ci"`       // also run by a plain go test ./...
	Refused  string    `json:"refused"`  // why it is listed but not run: what the proxy or this machine refused
	Rewrites []Rewrite `json:"rewrites"` // edits to its scripts, made before either side runs
	Steps    []Step    `json:"steps"`
	Ignore   []string  `json:"ignore"` // path prefixes of build by-products neither side's comparison counts
	Note     string    `json:"note"`
}

// Module is one module of a project's repository, put at Dir in the tree.
type Module struct {
	Path    string `json:"path"`
	Dir     string `json:"dir"`
	Version string `json:"version"` // when not the project's
}

// Rewrite replaces From by To in the files that File names, where a
// script fetches a tool itself (go run pkg@version) instead of taking it
// from a variable or PATH. File is a slash path, or "**/" and a pattern for
// the base names of files anywhere in the tree. With Regexp, From is a
// regular expression and To may use $1. Both sides run the rewritten
// files.
type Rewrite struct {
	File   string `json:"file"`
	From   string `json:"from"`
	To     string `json:"to"`
	Regexp bool   `json:"regexp"`
	Why    string `json:"why"`
}

// Step is one command of the project's own: make targets or a shell line,
// with the variables that name the tools.
type Step struct {
	Dir   string            `json:"dir"`   // relative to the repository root
	Make  []string          `json:"make"`  // make targets
	Run   string            `json:"run"`   // or a bash command line
	Tools map[string]string `json:"tools"` // variable -> tool, e.g. CONTROLLER_GEN -> controller-gen
	Noop  []string          `json:"noop"`  // variables naming tools the sweep skips (kustomize and the like)
	Done  []string          `json:"done"`  // make targets taken as done (make -o), for prerequisites the sweep skips
	Env   map[string]string `json:"env"`
}

// String is the step as the table shows it.
func (s Step) String() string {
	var b strings.Builder
	if s.Dir != "" {
		fmt.Fprintf(&b, "cd %s; ", s.Dir)
	}
	var tools []string
	for _, v := range slices.Sorted(mapKeys(s.Tools)) {
		tools = append(tools, v+"="+s.Tools[v])
	}
	if s.Run != "" { // the tools are in its environment
		b.WriteString(strings.Join(append(tools, s.Run), " "))
	} else {
		b.WriteString(strings.Join(append([]string{"make"}, append(s.Make, tools...)...), " "))
	}
	return b.String()
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// readManifest reads projects.json and checks what the runner relies on.
func readManifest(t testing.TB) []Project {
	t.Helper()
	data, err := os.ReadFile("projects.json")
	if err != nil {
		t.Fatal(err)
	}
	var projects []Project
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&projects); err != nil {
		t.Fatalf("projects.json: %v", err)
	}
	seen := map[string]bool{}
	for _, p := range projects {
		if seen[p.Name] {
			t.Fatalf("projects.json: %s listed twice", p.Name)
		}
		seen[p.Name] = true
		if p.Refused == "" && (len(p.Modules) == 0 || len(p.Steps) == 0) {
			t.Fatalf("projects.json: %s has no modules or no steps", p.Name)
		}
		for _, s := range p.Steps {
			if (s.Run == "") == (len(s.Make) == 0) {
				t.Fatalf("projects.json: %s: a step has make targets or a command line, not both or neither", p.Name)
			}
			for _, tool := range s.Tools {
				if !slices.Contains(toolNames, tool) {
					t.Fatalf("projects.json: %s: unknown tool %q", p.Name, tool)
				}
			}
		}
	}
	return projects
}
