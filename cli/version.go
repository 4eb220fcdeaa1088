package cli

import (
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/internal/upstream"
)

// ModulePath is apigen's module.
const ModulePath = "github.com/apigen-dev/apigen"

// Reproduced are the upstream modules whose output apigen reproduces
// byte for byte, as module@version: the versions its tests compare with
// (package internal/upstream). kube-openapi's and controller-tools' are
// go.mod's requirements (TestReproducedVersionsMatchGoMod); they are not
// read from the binary's build info, because most commands link neither
// module, and a module that runs apigen as a tool may select newer ones.
var Reproduced = []string{upstream.CodeGenerator, upstream.KubeOpenAPI, upstream.ControllerTools}

// VersionText is what --version prints for the command name: apigen's
// module version from the binary's build info ("(devel)" when built from
// a checkout), the VCS revision if the build recorded one, and the
// upstream versions apigen reproduces.
func VersionText(name string) string {
	info, _ := debug.ReadBuildInfo()
	return versionText(name, info)
}

func versionText(name string, info *debug.BuildInfo) string {
	var b strings.Builder
	if name != "apigen" {
		fmt.Fprintf(&b, "%s of ", name)
	}
	fmt.Fprintf(&b, "apigen %s", moduleVersion(info))
	if rev := setting(info, "vcs.revision"); rev != "" {
		fmt.Fprintf(&b, ", revision %s", rev)
		if setting(info, "vcs.modified") == "true" {
			b.WriteString(" (modified)")
		}
	}
	b.WriteString("\nreproduces the output of:\n")
	for _, m := range Reproduced {
		path, version, _ := strings.Cut(m, "@")
		fmt.Fprintf(&b, "  %s %s\n", path, version)
	}
	return b.String()
}

// moduleVersion is apigen's version in info: the main module's, or, when
// another module runs apigen as a tool (go tool apigen), its dependency's.
func moduleVersion(info *debug.BuildInfo) string {
	if info == nil {
		return "(unknown)"
	}
	mod := &info.Main
	if mod.Path != ModulePath {
		mod = nil
		for _, d := range info.Deps {
			if d.Path == ModulePath {
				mod = d
			}
		}
	}
	switch {
	case mod == nil:
		return "(unknown)"
	case mod.Replace != nil && mod.Replace.Version == "":
		return "(devel)" // replaced by a directory
	case mod.Replace != nil:
		return mod.Replace.Version
	case mod.Version == "":
		return "(devel)"
	}
	return mod.Version
}

func setting(info *debug.BuildInfo, key string) string {
	if info == nil {
		return ""
	}
	for _, s := range info.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return ""
}

// PrintVersion prints VersionText(name) on stdout and returns true when
// args ask for it with --version (or --version=true) before any "--".
// Commands call it before they parse their flags, so the flag is in no
// flag set and no help text: the upstream-named commands keep upstream's
// flags and help.
func PrintVersion(name string, args []string, stdout io.Writer) bool {
	if !VersionAsked(args) {
		return false
	}
	io.WriteString(stdout, VersionText(name))
	return true
}

// VersionAsked reports whether args hold --version, or --version=<bool>
// with a true value, before any "--".
func VersionAsked(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--version" {
			return true
		}
		if v, ok := strings.CutPrefix(a, "--version="); ok {
			if b, err := strconv.ParseBool(v); err == nil && b {
				return true
			}
		}
	}
	return false
}
