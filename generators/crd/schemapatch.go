package crd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"go.yaml.in/yaml/v3"
	metav1api "k8s.io/apimachinery/pkg/apis/meta/v1"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// SchemaPatchGenerator is controller-gen's schemapatch generator: it reads
// the CRD manifests of a directory and writes each again, with the schema
// of every version the packages declare put in place. The rest of a
// manifest keeps its keys, order and comments, but is written again in
// go-yaml v3's layout, as controller-gen writes it. Unlike other
// generators it reads files, ManifestsPath's, when it generates.
type SchemaPatchGenerator struct {
	OutputDir            string // where the manifests are written
	ManifestsPath        string // the directory they are read from
	MaxDescLen           *int
	GenerateEmbeddedMeta bool
	// Earlier, if set, returns the files the generators before this one
	// on controller-gen's command line write; controller-gen has written
	// them when schemapatch reads the directory.
	Earlier func() []output.File
}

func (*SchemaPatchGenerator) Name() string { return "controller-gen schemapatch" }

func (*SchemaPatchGenerator) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

// manifest is one CRD file as a YAML node tree.
type manifest struct {
	path string
	doc  *yaml.Node
}

// manifestSet is what the manifests of one group-kind hold: the files,
// where each version they list is first named, and the new schemas.
type manifestSet struct {
	files    []*manifest
	versions map[string]token.Position
	schemas  map[string]schema
}

// Generate writes every CRD manifest of ManifestsPath to OutputDir, the
// schemas of the kinds the packages declare replaced; nothing when no
// package imports metav1.
func (g *SchemaPatchGenerator) Generate(m *model.Model, diags *diag.List) engine.Output {
	out := engine.Output{Roots: []string{g.OutputDir}, NoPrune: true}
	p, roots, usesMeta := newParser(m, diags, false, g.GenerateEmbeddedMeta)
	if !usesMeta {
		return out
	}
	sets, files := g.readManifests(diags)
	for _, gk := range kinds(roots) {
		if set := sets[gk]; set != nil {
			g.newSchemas(p, roots, gk, set)
		}
	}
	p.checkDefaults()
	for _, set := range sets {
		if len(set.schemas) > 0 {
			for _, f := range set.files {
				f.patch(set.schemas, diags)
			}
		}
	}
	for _, f := range files {
		data, err := encodeManifest(f.doc)
		if err != nil {
			diags.Errorf(manifestPos(f.path, f.doc), "%v", err)
			continue
		}
		path := filepath.Join(g.OutputDir, filepath.Base(f.path))
		out.Files = append(out.Files, output.File{Path: path, Data: data})
		out.Owned = append(out.Owned, path)
	}
	return out
}

// newSchemas builds the schema of gk in each root package of its group
// whose version the manifests list.
func (g *SchemaPatchGenerator) newSchemas(p *parser, roots []*pkgInfo, gk groupKind, set *manifestSet) {
	for _, pi := range roots {
		group, version := groupVersion(pi)
		pos, listed := set.versions[version]
		if group != gk.group || !listed {
			continue
		}
		if pi.types[gk.kind] == nil {
			p.errorf(pos, "version %s of %s.%s has no type %s in %s to take its schema from", version, gk.kind, gk.group, gk.kind, pi.pkg.PkgPath)
			continue
		}
		s := p.kindSchema(ident{pi.pkg.PkgPath, gk.kind}, g.MaxDescLen)
		plainMetadata(&s)
		set.schemas[version] = s
	}
}

// crdShape is the part of a CRD manifest that sorts it into a set.
type crdShape struct {
	Spec struct {
		Group string `json:"group"`
		Names struct {
			Kind string `json:"kind"`
		} `json:"names"`
		Versions []struct {
			Name string `json:"name"`
		} `json:"versions"`
	} `json:"spec"`
}

// readManifests reads the .yaml files of the manifests directory that are
// CRDs, in name order, sorted into sets by group-kind. Files that do not
// parse, and other objects, are passed over; a CRD of another
// apiextensions version is an error.
func (g *SchemaPatchGenerator) readManifests(diags *diag.List) (map[groupKind]*manifestSet, []*manifest) {
	yamls, err := g.yamlFiles()
	if err != nil {
		diags.Errorf(noPos, "schemapatch: %v", err)
		return nil, nil
	}
	sets := map[groupKind]*manifestSet{}
	var files []*manifest
	for _, y := range yamls {
		f, shape, problem := readManifest(y.Path, y.Data)
		if problem != nil {
			diags.Add(*problem)
			return nil, nil
		}
		if f == nil {
			continue
		}
		gk := groupKind{shape.Spec.Group, shape.Spec.Names.Kind}
		set := sets[gk]
		if set == nil {
			set = &manifestSet{versions: map[string]token.Position{}, schemas: map[string]schema{}}
			sets[gk] = set
		}
		for i, v := range shape.Spec.Versions {
			if _, seen := set.versions[v.Name]; !seen {
				set.versions[v.Name] = versionPos(f, i)
			}
		}
		set.files = append(set.files, f)
		files = append(files, f)
	}
	return sets, files
}

// yamlFiles returns the .yaml files of the manifests directory, by name:
// those on disk, where earlier generators' files take the place of what
// they overwrite.
func (g *SchemaPatchGenerator) yamlFiles() ([]output.File, error) {
	written := g.earlierIn(g.ManifestsPath)
	entries, err := os.ReadDir(g.ManifestsPath)
	if err != nil && !(os.IsNotExist(err) && len(written) > 0) {
		return nil, err
	}
	names := slices.Collect(maps.Keys(written))
	for _, e := range entries {
		if _, ok := written[e.Name()]; !ok && !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	var out []output.File
	for _, name := range names {
		if filepath.Ext(name) != ".yaml" {
			continue
		}
		f := output.File{Path: filepath.Join(g.ManifestsPath, name), Data: written[name]}
		if _, ok := written[name]; !ok {
			if f.Data, err = os.ReadFile(f.Path); err != nil {
				return nil, err
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// earlierIn returns the contents of the files earlier generators write
// into dir, by name.
func (g *SchemaPatchGenerator) earlierIn(dir string) map[string][]byte {
	out := map[string][]byte{}
	if g.Earlier == nil {
		return out
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return out
	}
	for _, f := range g.Earlier() {
		if filepath.Dir(f.Path) == abs {
			out[filepath.Base(f.Path)] = f.Data
		}
	}
	return out
}

// readManifest parses one file: nil when it is not a CRD or does not parse
// (the structure with sigs.k8s.io/yaml, the node tree with go-yaml v3, as
// controller-gen parses them).
func readManifest(path string, data []byte) (*manifest, *crdShape, *diag.Diagnostic) {
	var tm metav1api.TypeMeta
	if sigsyaml.Unmarshal(data, &tm) != nil || tm.APIVersion == "" || tm.Kind != "CustomResourceDefinition" {
		return nil, nil, nil
	}
	var doc yaml.Node
	docErr := yaml.Unmarshal(data, &doc)
	f := &manifest{path: path, doc: &doc}
	if tm.APIVersion != "apiextensions.k8s.io/v1" {
		at, _, _ := descend(&doc, "apiVersion")
		if docErr != nil {
			at = nil
		}
		return nil, nil, &diag.Diagnostic{Pos: f.pos(at), Msg: fmt.Sprintf("apiVersion %q not supported: schemapatch patches apiextensions.k8s.io/v1 CRDs only", tm.APIVersion)}
	}
	var shape crdShape
	if sigsyaml.Unmarshal(data, &shape) != nil || docErr != nil {
		return nil, nil, nil
	}
	return f, &shape, nil
}

// encodeManifest writes a node tree as controller-gen does: go-yaml v3,
// two-space indent, the stream left open.
func encodeManifest(doc *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	err := enc.Encode(doc)
	return b.Bytes(), err
}

// patch drops spec.validation, and gives each version of spec.versions
// its new schema, or none when it has none.
func (f *manifest) patch(schemas map[string]schema, diags *diag.List) {
	if err := deleteKey(f.doc, "spec", "validation"); err != nil {
		diags.Errorf(f.pos(err.at), "%s", err.msg)
		return
	}
	versions, rest, err := descend(f.doc, "spec", "versions")
	switch {
	case err != nil:
		diags.Errorf(f.pos(err.at), "%s", err.msg)
		return
	case len(rest) > 0:
		diags.Errorf(f.pos(versions), "spec.versions is missing")
		return
	case versions.Kind != yaml.SequenceNode:
		diags.Errorf(f.pos(versions), "spec.versions is not a list")
		return
	}
	for i, v := range versions.Content {
		if err := patchVersion(v, schemas); err != nil {
			diags.Errorf(f.pos(err.at), "spec.versions[%d]: %s", i, err.msg)
			return
		}
	}
}

// patchVersion replaces or removes the schema of one version.
func patchVersion(v *yaml.Node, schemas map[string]schema) *nodeError {
	name, rest, err := descend(v, "name")
	switch {
	case err != nil:
		return err
	case len(rest) > 0:
		return &nodeError{v, "the version has no name"}
	case name.Kind != yaml.ScalarNode || name.ShortTag() != "!!str":
		return &nodeError{name, "the version's name is not a string"}
	case name.Value == "":
		return &nodeError{name, "the version's name is empty"}
	}
	s, ok := schemas[name.Value]
	if !ok {
		return deleteKey(v, "schema")
	}
	n, jerr := schemaNode(s)
	if jerr != nil {
		return &nodeError{v, jerr.Error()}
	}
	return setKey(v, n, "schema", "openAPIV3Schema")
}

// schemaNode is a schema as a node tree of its JSON form (keys in the
// struct's field order), every node in the default style.
func schemaNode(s schema) (*yaml.Node, error) {
	j, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(j, &doc); err != nil {
		return nil, err
	}
	n := doc.Content[0]
	clearStyle(n)
	return n, nil
}

func clearStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		clearStyle(c)
	}
}

// nodeError is a problem with the node at, or near, a manifest's node.
type nodeError struct {
	at  *yaml.Node
	msg string
}

// descend follows keys down from n (a document's root mapping for a
// document) as far as they exist. It returns the last node reached and the
// keys not found; a node on the way that is not a mapping is an error.
func descend(n *yaml.Node, keys ...string) (*yaml.Node, []string, *nodeError) {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for ; len(keys) > 0; keys = keys[1:] {
		if n.Kind != yaml.MappingNode {
			return nil, nil, &nodeError{n, fmt.Sprintf("not a mapping, where %q was looked for", keys[0])}
		}
		i := keyIndex(n, keys[0])
		if i < 0 {
			break
		}
		n = n.Content[i+1]
	}
	return n, keys, nil
}

// keyIndex is the index in a mapping's content of the first key with the
// value key, or -1.
func keyIndex(m *yaml.Node, key string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return i
		}
	}
	return -1
}

// deleteKey removes the last key of path from the mapping the others
// lead to; a path that does not exist is left alone.
func deleteKey(n *yaml.Node, path ...string) *nodeError {
	parent, rest, err := descend(n, path[:len(path)-1]...)
	if err != nil || len(rest) > 0 {
		return err
	}
	if parent.Kind != yaml.MappingNode {
		return &nodeError{parent, fmt.Sprintf("not a mapping, where %q was to be removed", path[len(path)-1])}
	}
	if i := keyIndex(parent, path[len(path)-1]); i >= 0 {
		parent.Content = slices.Delete(parent.Content, i, i+2)
	}
	return nil
}

// setKey puts val at path, replacing the node there. Missing mappings on
// the way are added with double-quoted keys, as controller-gen adds them.
func setKey(n, val *yaml.Node, path ...string) *nodeError {
	at, rest, err := descend(n, path...)
	if err != nil {
		return err
	}
	for _, k := range rest {
		next := &yaml.Node{Kind: yaml.MappingNode}
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: k}
		at.Content = append(at.Content, key, next)
		at = next
	}
	*at = *val
	return nil
}

// pos is where node n is in the manifest, or its start.
func (f *manifest) pos(n *yaml.Node) token.Position {
	return manifestPos(f.path, n)
}

func manifestPos(path string, n *yaml.Node) token.Position {
	if n == nil || n.Line == 0 {
		return token.Position{Filename: path, Line: 1, Column: 1}
	}
	return token.Position{Filename: path, Line: n.Line, Column: n.Column}
}

// versionPos is where spec.versions[i] is in f.
func versionPos(f *manifest, i int) token.Position {
	versions, rest, err := descend(f.doc, "spec", "versions")
	if err != nil || len(rest) > 0 || versions.Kind != yaml.SequenceNode || i >= len(versions.Content) {
		return f.pos(nil)
	}
	return f.pos(versions.Content[i])
}
