// Package crdconversion generates what converts a multi-version CRD
// through its hub version: each spoke's ConvertToHub and ConvertFromHub,
// which keep the hub's fields a spoke cannot hold in an annotation, a
// package serving the API server's ConversionReviews, and, on request,
// round-trip tests.
package crdconversion

import (
	"go/token"
	"path"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Spec declares the generator. It is opt-in: it writes a package of its
// own, beside the group's versions.
var Spec = &cli.Spec{
	Name:    "crdconversion",
	Doc:     "hub-and-spoke conversions of multi-version CRDs, their kept-fields annotation, a ConversionReview webhook and round-trip tests",
	OptIn:   true,
	Markers: define,
	Flags: func(fs *pflag.FlagSet, prefix string) cli.Build {
		g := &Generator{}
		fs.StringVar(&g.OutputFile, prefix+"output-file", "zz_generated.hubspoke.go", "file name of the conversions written into the hub and each spoke")
		fs.StringVar(&g.WebhookDir, prefix+"webhook-dir", "conversion", "directory of the webhook package, relative to the hub's parent directory")
		fs.BoolVar(&g.RoundTripTests, prefix+"roundtrip-tests", false, "also write zz_generated.roundtrip_test.go into each spoke")
		fs.IntVar(&g.RoundTrips, prefix+"roundtrips", 1000, "objects per kind and direction the round-trip tests convert")
		fs.BoolVar(&g.ControllerRuntime, prefix+"controller-runtime", false, "also write, below the webhook package, package controllerruntime, which registers the conversions with controller-runtime's conversion webhook (the types must implement runtime.Object)")
		return func(_ *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
			g.Header = header
			return g.Engine(), nil
		}
	},
}

func define(reg *markers.Registry) {
	hubspoke.Define(reg)
	reg.Own(hubspoke.Namespace)
}

// Generator is the hub-and-spoke conversion generator.
type Generator struct {
	OutputFile     string
	WebhookDir     string
	RoundTripTests bool
	RoundTrips     int
	// ControllerRuntime also writes the controllerruntime package below
	// the webhook package's directory.
	ControllerRuntime bool
	Header            []byte
}

// roundTripFile is the name of the generated round-trip tests.
const roundTripFile = "zz_generated.roundtrip_test.go"

// webhookFile is the name of the webhook package's file.
const webhookFile = "zz_generated.webhook.go"

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Name: "crdconversion", Markers: define, Generate: g.Generate, DependencyTypes: true}
}

// Generate writes, for every group of several versions, the hub's and the
// spokes' files and the webhook package.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	var out engine.Output
	for _, grp := range hubspoke.Groups.Of(m, diags) {
		g.group(m, grp, &out, diags)
	}
	return out
}

func (g *Generator) group(m *model.Model, grp *hubspoke.Group, out *engine.Output, diags *diag.List) {
	add := func(dir string, f *output.File) {
		out.Roots = append(out.Roots, dir)
		out.Add(f)
	}
	add(grp.Hub.Dir, g.hubFile(grp, diags))
	annotation := grp.Name + "/conversion-kept"
	for i, s := range grp.Spokes {
		f := g.goFile(s.Path, path.Base(s.Path))
		w := &spokeFile{f: f, g: grp, spoke: i, kept: newKeptTypes(m, hubspoke.Version(s), diags), annotation: annotation}
		w.write()
		add(s.Dir, f.File(output.Join(s.Dir, g.OutputFile), token.Position{Filename: s.Dir}, diags))
		if g.RoundTripTests {
			add(s.Dir, g.roundTripFile(grp, i, diags))
		}
	}
	dir := filepath.Join(filepath.Dir(grp.Hub.Dir), g.WebhookDir)
	pkg := path.Join(path.Dir(grp.Hub.Path), filepath.ToSlash(g.WebhookDir))
	f := g.goFile(pkg, path.Base(pkg))
	f.Doc = "Package " + path.Base(pkg) + " serves the API server's ConversionReviews for group " + grp.Name + "."
	writeWebhook(f, grp)
	add(dir, f.File(output.Join(dir, webhookFile), token.Position{Filename: dir}, diags))
	if g.ControllerRuntime {
		add(g.controllerRuntime(grp, dir, pkg, diags))
	}
}

func (g *Generator) goFile(pkgPath, name string) *output.GoFile {
	f := output.NewGoFile(pkgPath)
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = "crdconversion", name
	return f
}

// hubFile gives the hub's kinds the Hub method of controller-runtime's
// conversion.Hub interface. controller-runtime's own converter also wants
// ConvertTo and ConvertFrom on the spokes, which they do not have: the
// controllerruntime package hands it ConvertToHub and ConvertFromHub.
func (g *Generator) hubFile(grp *hubspoke.Group, diags *diag.List) *output.File {
	f := g.goFile(grp.Hub.Path, path.Base(grp.Hub.Path))
	for _, k := range grp.Kinds {
		f.P("// Hub marks %s as the version the group's others convert through.", k.Name)
		f.P("func (*%s) Hub() {}\n", k.Name)
	}
	return f.File(output.Join(grp.Hub.Dir, g.OutputFile), token.Position{Filename: grp.Hub.Dir}, diags)
}
