package cli

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
)

// The helpers here declare and check flags that several tools share. Each
// takes the tool's prefix: "" in its own command (see Own).

// Own reports whether prefix is that of a tool's own command, whose flags
// are upstream's: the same names, shorthands and defaults.
func Own(prefix string) bool { return prefix == "" }

// Shorthand is the one-letter name s of a flag in the tool's own command,
// and none in apigen generate.
func Shorthand(prefix, s string) string {
	if Own(prefix) {
		return s
	}
	return ""
}

// requiredKey annotates the flags that must not be empty.
const requiredKey = "apigen-required"

// OutputFile declares the flag of the file name a tool writes: in its own
// command, upstream's --output-file with upstream's default, which must not
// be empty; in apigen generate, --<prefix>output-file with the name
// kube_codegen.sh gives, script.
func OutputFile(fs *pflag.FlagSet, p *string, prefix, upstream, script, help string) {
	name := prefix + "output-file"
	if !Own(prefix) {
		fs.StringVar(p, name, script, help)
	} else {
		fs.StringVar(p, name, upstream, "the name of the file to be generated")
		fs.SetAnnotation(name, requiredKey, []string{"true"})
	}
	fs.SetAnnotation(name, fileNameKey, []string{"true"})
}

// fileNameKey annotates the flags that name a file in each package
// directory: a plain name, never a path that could lead out of it.
const fileNameKey = "apigen-file-name"

// checkRequired fails for the first flag OutputFile requires that is
// empty, or that is a path rather than a file name.
func checkRequired(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		v := f.Value.String()
		if _, ok := f.Annotations[requiredKey]; ok && err == nil && v == "" {
			err = fmt.Errorf("--%s must be specified", f.Name)
		}
		if _, ok := f.Annotations[fileNameKey]; ok && err == nil && v != "" && (v != filepath.Base(v) || v == ".." || v == ".") {
			err = fmt.Errorf("--%s %s: must be a file name; the file is written into each package's directory", f.Name, v)
		}
	})
	return err
}

// Specified fails for the first empty value among name, value pairs,
// naming its flag --<prefix><name>.
func Specified(prefix string, pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			return fmt.Errorf("--%s%s must be specified", prefix, pairs[i])
		}
	}
	return nil
}

// Output is the --output-dir and --output-pkg pair of a tool that writes
// below one directory.
type Output struct {
	Dir, Pkg string
	prefix   string
}

// Add declares the pair; pkgHelp "" says it is the directory's import path.
func (o *Output) Add(fs *pflag.FlagSet, prefix, dirHelp, pkgHelp string) {
	o.prefix = prefix
	if pkgHelp == "" {
		pkgHelp = "the Go import path of --" + prefix + "output-dir"
	}
	if !Own(prefix) {
		dirHelp += "; the generator runs when it is given"
	}
	fs.StringVar(&o.Dir, prefix+"output-dir", "", dirHelp)
	fs.StringVar(&o.Pkg, prefix+"output-pkg", "", pkgHelp)
}

// Asked reports whether the tool is to run: always in its own command, and
// in apigen generate when its directory is given.
func (o *Output) Asked() bool { return Own(o.prefix) || o.Dir != "" }

// Check fails when either flag is empty, or --output-pkg is not an
// import path.
func (o *Output) Check() error {
	if err := Specified(o.prefix, "output-dir", o.Dir, "output-pkg", o.Pkg); err != nil {
		return err
	}
	return ImportPath(o.prefix+"output-pkg", o.Pkg)
}

// ImportPath fails, naming the flag, for a value that is a file path
// rather than a Go import path.
func ImportPath(flag, v string) error {
	if v != path.Clean(v) || path.IsAbs(v) || filepath.IsAbs(v) || v == ".." || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "./") || strings.Contains(v, "\\") {
		return fmt.Errorf("--%s %s: must be a Go import path such as example.com/project/pkg/generated, not a file path", flag, v)
	}
	return nil
}

// AbsDir checks both flags and returns the directory made absolute; ""
// and no error when the tool is not asked to run.
func (o *Output) AbsDir(c *Common) (string, error) {
	if !o.Asked() {
		return "", nil
	}
	if err := o.Check(); err != nil {
		return "", err
	}
	return c.Abs(o.Dir)
}

// PluralExceptions declares --<prefix>plural-exceptions.
func PluralExceptions(fs *pflag.FlagSet, p *[]string, prefix string) {
	fs.StringSliceVar(p, prefix+"plural-exceptions", nil, "comma-separated Type:PluralType pairs for plurals the rules get wrong, such as Endpoints:Endpoints")
}

// Plurals reads the Type:PluralType items of --<prefix>plural-exceptions.
func Plurals(prefix string, items []string) (map[string]string, error) {
	out := make(map[string]string, len(items))
	for _, item := range items {
		singular, plural, ok := strings.Cut(item, ":")
		if !ok || strings.Contains(plural, ":") {
			return nil, fmt.Errorf("invalid --%splural-exceptions item %q: want Type:PluralType, such as Endpoints:Endpoints", prefix, item)
		}
		out[singular] = plural
	}
	return out, nil
}
