package main

import (
	"errors"
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/cli/toolflags"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/applyconfig"
	"github.com/apigen-dev/apigen/generators/client"
	"github.com/apigen-dev/apigen/generators/informer"
	"github.com/apigen-dev/apigen/generators/lister"
)

// clientFlags are the flags of client-gen, lister-gen, informer-gen and
// applyconfiguration-gen, each prefixed with its generator's name. Each of
// them runs when its output directory is given.
type clientFlags struct {
	client   toolflags.Client
	lister   toolflags.Lister
	informer toolflags.Informer
	apply    toolflags.ApplyConfig
	inputs   []client.Input // client-gen's, once built
}

func (c *clientFlags) add(fs *pflag.FlagSet) {
	c.apply.Add(fs, "applyconfiguration-")
	c.client.Add(fs, "client-")
	c.lister.Add(fs, "lister-")
	c.informer.Add(fs, "informer-")
}

// build adds the generators whose output directories were given to all,
// and reports every flag problem among them.
func (c *clientFlags) build(all map[string]engine.Generator, common *cli.Common, header []byte, patterns []string) error {
	return errors.Join(
		add(all, "applyconfiguration", c.apply.Asked(), func() (*applyconfig.Generator, error) {
			return c.apply.Generator(common, header, patterns)
		}),
		add(all, "client", c.client.Asked(), func() (*client.Generator, error) {
			g, err := c.client.Generator(common, header)
			if err == nil {
				c.inputs = g.Inputs
			}
			return g, err
		}),
		add(all, "lister", c.lister.Asked(), func() (*lister.Generator, error) { return c.lister.Generator(common, header) }),
		add(all, "informer", c.informer.Asked(), func() (*informer.Generator, error) { return c.informer.Generator(common, header) }),
	)
}

// add puts the generator build makes into all under name, if asked.
func add[G engine.Generator](all map[string]engine.Generator, name string, asked bool, build func() (G, error)) error {
	if !asked {
		return nil
	}
	g, err := build()
	if err == nil {
		all[name] = g
	}
	return err
}

// patterns adds the packages client-gen's inputs name to the arguments'.
func (c *clientFlags) patterns(args []string) []string {
	out := slices.Clone(args)
	for _, p := range client.Patterns(c.inputs) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
