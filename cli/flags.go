package cli

import (
	"fmt"
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
	if !Own(prefix) {
		fs.StringVar(p, prefix+"output-file", script, help)
		return
	}
	fs.StringVar(p, "output-file", upstream, "the name of the file to be generated")
	fs.SetAnnotation("output-file", requiredKey, []string{"true"})
}

// checkRequired fails for the first flag OutputFile requires that is empty.
func checkRequired(fs *pflag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if _, ok := f.Annotations[requiredKey]; ok && err == nil && f.Value.String() == "" {
			err = fmt.Errorf("--%s must be specified", f.Name)
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

// Check fails when either flag is empty.
func (o *Output) Check() error {
	return Specified(o.prefix, "output-dir", o.Dir, "output-pkg", o.Pkg)
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
