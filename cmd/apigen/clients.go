package main

import (
	"slices"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/cli/toolflags"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/client"
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

// build adds the generators whose output directories were given to all.
func (c *clientFlags) build(all map[string]engine.Generator, common *cli.Common, header []byte, patterns []string) error {
	if c.apply.Asked() {
		g, err := c.apply.Generator(common, header, patterns)
		if err != nil {
			return err
		}
		all["applyconfiguration"] = g
	}
	if c.client.Asked() {
		g, err := c.client.Generator(common, header)
		if err != nil {
			return err
		}
		c.inputs = g.Inputs
		all["client"] = g
	}
	if c.lister.Asked() {
		g, err := c.lister.Generator(common, header)
		if err != nil {
			return err
		}
		all["lister"] = g
	}
	if c.informer.Asked() {
		g, err := c.informer.Generator(common, header)
		if err != nil {
			return err
		}
		all["informer"] = g
	}
	return nil
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
