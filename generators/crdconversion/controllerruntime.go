package crdconversion

import (
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/output"
)

// controllerRuntimeDir is the directory, below the webhook package's, of
// the package that hands the conversions to controller-runtime.
const controllerRuntimeDir = "controllerruntime"

// controllerRuntimeFile is the name of that package's file.
const controllerRuntimeFile = "zz_generated.controllerruntime.go"

// crConversionPkg is controller-runtime's conversion webhook, which only
// the generated controllerruntime package imports: the API packages and
// the webhook package stay free of controller-runtime.
const crConversionPkg = "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

// controllerRuntime writes, for the group whose webhook package is pkg in
// directory dir, the package below it that builds controller-runtime
// converters from the spokes' ConvertToHub and ConvertFromHub, and returns
// the directory it writes in and the file.
func (g *Generator) controllerRuntime(grp *hubspoke.Group, dir, pkg string, diags *diag.List) (string, *output.File) {
	dir = filepath.Join(dir, controllerRuntimeDir)
	pkg = path.Join(pkg, controllerRuntimeDir)
	f := g.goFile(pkg, controllerRuntimeDir)
	f.Doc = "Package " + controllerRuntimeDir + " registers the conversions of group " + grp.Name + " with controller-runtime's conversion webhook."
	writeControllerRuntime(f, grp)
	return dir, f.File(output.Join(dir, controllerRuntimeFile), token.Position{Filename: dir}, diags)
}

// writeControllerRuntime writes Converters and Register.
func writeControllerRuntime(f *output.GoFile, grp *hubspoke.Group) {
	conv := func(name string) string { return f.Qual(crConversionPkg, name) }
	scheme, gk := f.Qual("k8s.io/apimachinery/pkg/runtime", "Scheme"), f.Qual("k8s.io/apimachinery/pkg/runtime/schema", "GroupKind")
	build := fmt.Sprintf("func(*%s) (%s, error)", scheme, conv("Converter"))
	ctx := f.Qual("context", "Context")
	hubV := hubspoke.Version(grp.Hub)

	f.P("// group is the API group whose kinds the converters convert.")
	f.P("const group = %q\n", grp.Name)
	var kinds []string
	for _, k := range grp.Kinds {
		kinds = append(kinds, fmt.Sprintf("%q", k.Name))
	}
	f.P("// kinds are the group's root kinds, in the order Register registers them.")
	f.P("var kinds = []string{%s}\n", strings.Join(kinds, ", "))

	f.P("// Converters returns, for each root kind of the group, what builds its")
	f.P("// converter for a scheme: through hub %s, with the spokes' generated", hubV)
	f.P("// ConvertToHub and ConvertFromHub, which keep in an annotation the hub's")
	f.P("// fields a spoke cannot hold. The scheme must know every version of the")
	f.P("// kind, and the types must implement runtime.Object (DeepCopyObject). A")
	f.P("// value fits controller-runtime's WebhookBuilder.WithConverter; or let")
	f.P("// Register register them all.")
	f.P("func Converters() map[%s]%s {", gk, build)
	f.P("return map[%s]%s{", gk, build)
	for _, k := range grp.Kinds {
		hub := f.Name(k.Hub)
		f.P("{Group: group, Kind: %q}: %s(&%s{},", k.Name, conv("NewHubSpokeConverter"), hub)
		for _, st := range k.Spokes {
			if st == nil {
				continue
			}
			spoke := f.Name(st)
			f.P("%s(&%s{},", conv("NewSpokeConverter"), spoke)
			f.P("func(_ %s, hub *%s, spoke *%s) error { return spoke.ConvertFromHub(hub) },", ctx, hub, spoke)
			f.P("func(_ %s, spoke *%s, hub *%s) error { return spoke.ConvertToHub(hub) },", ctx, spoke, hub)
			f.P("),")
		}
		f.P("),")
	}
	f.P("}\n}\n")

	f.P("// Register builds each kind's converter for scheme and registers it with")
	f.P("// registry, such as a manager's GetConverterRegistry(), which")
	f.P("// conversion.NewWebhookHandler serves.")
	f.P("func Register(scheme *%s, registry %s) error {", scheme, conv("Registry"))
	f.P("converters := Converters()")
	f.P("for _, kind := range kinds {")
	f.P("gk := %s{Group: group, Kind: kind}", gk)
	f.P("c, err := converters[gk](scheme)\nif err != nil {")
	f.P("return %s(\"building the converter of %%s: %%w\", gk, err)\n}", f.Qual("fmt", "Errorf"))
	f.P("if err := registry.RegisterConverter(gk, c); err != nil {\nreturn err\n}")
	f.P("}\nreturn nil\n}")
}
