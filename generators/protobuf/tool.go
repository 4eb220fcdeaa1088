package protobuf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is go-to-protobuf's command line. Its packages come from
// --packages and --apimachinery-packages, not from the command's arguments.
type cmdline struct {
	prefix       string
	packages     string
	apimachinery string
	dropEmbedded string
	protoImports []string
	g            *Generator
}

// command is the upstream command the generator replaces.
const command = "go-to-protobuf"

// Spec declares go-to-protobuf.
var Spec = &cli.Spec{
	Name:    "protobuf",
	Command: command,
	Doc:     "Protocol Buffers IDL and marshalling code, without protoc",
	// Opt-in: it also rewrites the Go sources' struct tags.
	OptIn:   true,
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix, t.g = prefix, New()
	g := t.g
	if cli.Own(prefix) {
		// Upstream's -h is --go-header-file, not help.
		fs.VarPF(fs.Lookup("go-header-file").Value, "go-header-file-h", "h", "").Hidden = true
	}
	packagesHelp := "comma-separated [+|-]import/path[=proto.package] entries: '+' makes messages only of types marked +protobuf=true, '-' reads a package without writing it"
	if !cli.Own(prefix) {
		packagesHelp += "; without it, the arguments' packages marked +k8s:protobuf-gen=package"
	}
	fs.StringVarP(&t.packages, prefix+"packages", cli.Shorthand(prefix, "p"), "", packagesHelp)
	fs.StringVar(&t.apimachinery, prefix+"apimachinery-packages", strings.Join(DefaultAPIMachineryPackages, ","), "entries like --"+prefix+"packages for the apimachinery types every API refers to")
	fs.StringVar(&g.OutputDir, prefix+"output-dir", g.OutputDir, "accepted for compatibility: both files go into each package's own directory")
	fs.StringSliceVar(&t.protoImports, prefix+"proto-import", nil, "accepted for compatibility: imports resolve among the run's packages")
	fs.StringVar(&g.Conditional, prefix+"conditional", "", "a build tag condition for generated.pb.go, written as // +build <condition>")
	fs.BoolVar(&g.Clean, prefix+"clean", false, "generate nothing: remove the generated files of the packages (with --verify-only, report them)")
	fs.BoolVar(&g.OnlyIDL, prefix+"only-idl", false, "write only generated.proto, with gogo's options, as protoc would read it")
	fs.BoolVar(&g.KeepGogoproto, prefix+"keep-gogoproto", false, "keep gogo's options in generated.proto")
	fs.BoolVar(&g.SkipGeneratedRewrite, prefix+"skip-generated-rewrite", false, "accepted for compatibility; generated.pb.go is always written rewritten")
	fs.BoolVar(&g.DropGogoGo, prefix+"drop-gogo-go", g.DropGogoGo, "drop gogo's packages from generated.pb.go (the only form written)")
	fs.StringVar(&t.dropEmbedded, prefix+"drop-embedded-fields", strings.Join(g.DropEmbeddedFields, ","), "comma-separated [import/path.]TypeName: embedded types whose fields messages leave out")
}

// Generator makes go-to-protobuf with the flags' settings.
func (t *cmdline) Generator(_ *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	g := t.g
	g.Header = header
	g.Packages = split(t.packages)
	g.APIMachineryPackages = split(t.apimachinery)
	g.DropEmbeddedFields = split(t.dropEmbedded)
	g.GoCode = GogoCode
	if g.SkipGeneratedRewrite && g.DropGogoGo {
		return nil, fmt.Errorf("--%sdrop-gogo-go=true and --%sskip-generated-rewrite=true are mutually exclusive", t.prefix, t.prefix)
	}
	if len(g.Packages) == 0 && cli.Own(t.prefix) && len(g.APIMachineryPackages) == 0 {
		return nil, errNoPackages
	}
	e := g.Engine()
	e.Inputs = t.inputs()
	return e, nil
}

// inputs are the packages of --packages: in its own command, the packages
// to load; in apigen generate, loaded besides the arguments'. The
// apimachinery packages join the load as the generator's needs.
func (t *cmdline) inputs() []string {
	out := []string{} // not nil: the packages come from the flags

	for _, s := range split(t.packages) {
		if e, err := parseEntry(s, "--packages"); err == nil {
			out = append(out, e.path)
		}
	}
	return out
}

var errNoPackages = errors.New("--apimachinery-packages and --packages are both empty: at least one package must be given")

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Needs: g.Needs, Links: g.Local}
}
