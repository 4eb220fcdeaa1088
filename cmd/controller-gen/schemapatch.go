package main

import (
	"fmt"
	"strconv"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/crd"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// schemapatchOptions reads the schemapatch generator's options:
// manifests= (required), maxDescLen= and generateEmbeddedObjectMeta=.
func schemapatchOptions(s string) (*crd.SchemaPatchGenerator, error) {
	kv, err := options(s, "manifests", "maxDescLen", "generateEmbeddedObjectMeta")
	if err != nil {
		return nil, err
	}
	dir, ok := kv["manifests"]
	if !ok {
		return nil, fmt.Errorf("schemapatch: missing argument \"manifests\"")
	}
	g := &crd.SchemaPatchGenerator{ManifestsPath: dir}
	if v, ok := kv["maxDescLen"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, err
		}
		g.MaxDescLen = &n
	}
	if v, ok := kv["generateEmbeddedObjectMeta"]; ok {
		g.GenerateEmbeddedMeta, err = boolOpt(v)
	}
	return g, err
}

// recorded is a generator whose files a schemapatch generator later on the
// command line reads: controller-gen runs its generators in that order,
// so schemapatch finds what they wrote in its manifests directory.
type recorded struct {
	generate func(m *model.Model, diags *diag.List) engine.Output
	out      engine.Output
	done     chan struct{}
}

func (r *recorded) Generate(m *model.Model, diags *diag.List) engine.Output {
	defer close(r.done)
	r.out = r.generate(m, diags)
	return r.out
}

// orderSchemaPatch hands a schemapatch generator the files of the
// generators before it, once they are generated.
func orderSchemaPatch(gens []*generator) {
	for i, g := range gens {
		sp := g.patch
		if sp == nil {
			continue
		}
		var earlier []*recorded
		for _, e := range gens[:i] {
			r := &recorded{generate: e.gen.Generate, done: make(chan struct{})}
			e.gen.Generate = r.Generate
			earlier = append(earlier, r)
		}
		sp.Earlier = func() []output.File {
			var files []output.File
			for _, r := range earlier {
				<-r.done
				files = append(files, r.out.Files...)
			}
			return files
		}
	}
}

// lastWins keeps, of the files with one path, the last: a generator later
// on the command line overwrites what an earlier one wrote there.
func lastWins(files []output.File) []output.File {
	last := map[string]int{}
	for i, f := range files {
		last[f.Path] = i
	}
	var out []output.File
	for i, f := range files {
		if last[f.Path] == i {
			out = append(out, f)
		}
	}
	return out
}
