package client

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/load"
)

// Input is one group version that --input asks a client for.
type Input struct {
	Arg     string // the --input value, for messages
	Group   string // as the path names it, before +groupName; may be ""
	Version string // "" for an internal version
	Pattern string // the package to load: an import path, or an absolute directory
}

// ParseInputs reads client-gen's --input values ([path/]group/version, or
// group alone for an internal version) relative to --input-base, in the
// order given. dir resolves an --input-base that is a relative directory
// ("./pkg/apis"); an absolute one is a directory already, and anything else
// is an import path.
func ParseInputs(values []string, base, dir string) ([]Input, error) {
	var out []Input
	for _, v := range values {
		prefix, gv := splitPathGroupVersion(v)
		group, version, _ := strings.Cut(gv, "/")
		if strings.ContainsAny(version, "/") {
			return nil, fmt.Errorf("--input %q: want [path/]group/version", v)
		}
		in := Input{Arg: v, Group: group, Version: version}
		elem := genclient.NonEmptyGroup(group)
		if baseDir, ok := load.PatternDir(dir, base); ok {
			in.Pattern = filepath.Join(baseDir, prefix, elem, version)
		} else {
			in.Pattern = path.Join(base, prefix, elem, version)
		}
		out = append(out, in)
	}
	return out, nil
}

// Patterns returns the packages to load for inputs, each once.
func Patterns(inputs []Input) []string {
	var out []string
	seen := map[string]bool{}
	for _, in := range inputs {
		if !seen[in.Pattern] {
			seen[in.Pattern] = true
			out = append(out, in.Pattern)
		}
	}
	return out
}

// splitPathGroupVersion splits "a/b/group/version" into "a/b" and
// "group/version"; shorter values are all group/version.
func splitPathGroupVersion(s string) (prefix, gv string) {
	parts := strings.Split(s, "/")
	if len(parts) <= 2 {
		return "", s
	}
	n := len(parts)
	return strings.Join(parts[:n-2], "/"), strings.Join(parts[n-2:], "/")
}
