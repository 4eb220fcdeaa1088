package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// CompareCRDs compares the CustomResourceDefinitions (apiextensions.k8s.io/v1)
// in the YAML files below dirs of both revisions, with the rules Compare
// applies to Go types: each served version of a CRD is a group-version
// holding its kind, and each object schema a type.
func CompareCRDs(base, head Revision, dirs []string) ([]Finding, error) {
	oldAPI, err := loadCRDs(base.Dir, dirs, false)
	if err != nil {
		return nil, fmt.Errorf("base revision: %w", err)
	}
	newAPI, err := loadCRDs(head.Dir, dirs, true)
	if err != nil {
		return nil, err
	}
	return finish(compareAPIs(oldAPI, newAPI), base, head), nil
}

// loadCRDs reads the CRDs below each of dirs (a trailing /... is allowed,
// and subdirectories are always read). A directory missing from the base
// holds no CRDs; one missing from the new revision is an error.
func loadCRDs(dir string, dirs []string, mustExist bool) (*api, error) {
	a := &api{versions: map[string]*version{}}
	for _, d := range dirs {
		root := filepath.Join(dir, strings.TrimSuffix(d, "..."))
		if _, err := os.Stat(root); err != nil {
			if mustExist || !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			continue
		}
		err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return err
			}
			return readCRDFile(a, p)
		})
		if err != nil {
			return nil, err
		}
	}
	for _, v := range a.versions {
		sort.Strings(v.kinds)
	}
	return a, nil
}

// readCRDFile adds the CRDs of one YAML file, which may hold several
// documents; other documents are skipped.
func readCRDFile(a *api, file string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
		var head struct {
			APIVersion string `yaml:"apiVersion"`
			Kind       string `yaml:"kind"`
		}
		if doc.Decode(&head) != nil || head.Kind != "CustomResourceDefinition" || head.APIVersion != "apiextensions.k8s.io/v1" {
			continue
		}
		var generic any
		if err := doc.Decode(&generic); err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
		j, err := json.Marshal(generic)
		if err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
		var crd apiext.CustomResourceDefinition
		if err := json.Unmarshal(j, &crd); err != nil {
			return fmt.Errorf("%s: line %d: %v", file, doc.Line, err)
		}
		r := &crdReader{file: abs, doc: &doc}
		r.add(a, &crd)
	}
}

// crdReader turns one CRD document into types, placing each at its line.
type crdReader struct {
	file string
	doc  *yaml.Node
}

func (r *crdReader) add(a *api, crd *apiext.CustomResourceDefinition) {
	group, kind := crd.Spec.Group, crd.Spec.Names.Kind
	for i := range crd.Spec.Versions {
		cv := &crd.Spec.Versions[i]
		if !cv.Served {
			continue
		}
		at := []any{"spec", "versions", i}
		gv := group + "/" + cv.Name
		v := a.versions[gv]
		if v == nil {
			v = &version{gv: gv, group: group, name: cv.Name, pos: r.pos(at), types: map[string]*typ{}}
			a.versions[gv] = v
		}
		schema := &apiext.JSONSchemaProps{Type: "object"}
		if cv.Schema != nil && cv.Schema.OpenAPIV3Schema != nil {
			schema = cv.Schema.OpenAPIV3Schema
		}
		t := r.object(v, kind, schema, with(at, "schema", "openAPIV3Schema"))
		t.pos = r.pos(at)
		t.kind, t.storage = true, cv.Storage
		if cv.Deprecated {
			t.lifecycle["deprecated"] = "its CRD (deprecated: true)"
		}
		if !slices.Contains(v.kinds, kind) {
			v.kinds = append(v.kinds, kind)
		}
	}
}

// object records an object schema as the type name, its properties as
// fields, and returns it.
func (r *crdReader) object(v *version, name string, s *apiext.JSONSchemaProps, at []any) *typ {
	t := &typ{name: name, pos: r.pos(at), shape: "object", lifecycle: map[string]string{}}
	required := map[string]bool{}
	for _, n := range s.Required {
		required[n] = true
	}
	for _, key := range slices.Sorted(maps.Keys(s.Properties)) {
		p := s.Properties[key]
		t.fields = append(t.fields, r.field(v, name+"."+key, key, &p, with(at, "properties", key), required[key]))
	}
	v.types[name] = t
	return t
}

func (r *crdReader) field(v *version, typeName, key string, p *apiext.JSONSchemaProps, at []any, required bool) *field {
	f := &field{goName: key, json: key, pos: r.pos(at), required: required, marked: "optional"}
	if required {
		f.marked = "required"
	}
	f.shape, f.elem, f.container = r.shape(v, typeName, p, at)
	if p.Default != nil {
		d := compactJSON(string(p.Default.Raw))
		f.def = &d
	}
	f.valid = crdValidation(p)
	f.marks = crdSemantics(p, f.container).normalize(f.container)
	return f
}

// shape is the JSON shape of a property, the type its object values are
// recorded as (named after their path), and its kind of container.
func (r *crdReader) shape(v *version, name string, p *apiext.JSONSchemaProps, at []any) (string, string, string) {
	switch {
	case p.XIntOrString:
		return "int-or-string", "", ""
	case p.Type == "array":
		if p.Items == nil || p.Items.Schema == nil {
			return "[]any", "", "list"
		}
		s, elem, _ := r.shape(v, name+"[]", p.Items.Schema, with(at, "items"))
		return "[]" + s, elem, "list"
	case p.Type == "object" && len(p.Properties) == 0 && p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil:
		s, elem, _ := r.shape(v, name+"{}", p.AdditionalProperties.Schema, with(at, "additionalProperties"))
		return "map[string]" + s, elem, "map"
	case p.Type == "object" && len(p.Properties) > 0:
		r.object(v, name, p, at)
		return "object", name, "struct"
	case p.Type == "object":
		return "object", "", "struct"
	case p.Type == "":
		return "any", "", ""
	}
	return p.Type, "", ""
}

// crdValidation reads a schema's bounds, pattern, format, enum and CEL
// rules.
func crdValidation(p *apiext.JSONSchemaProps) validation {
	v := validation{limits: map[string]float64{}, shadow: map[string]bool{}}
	for k, x := range map[string]*int64{
		"maxLength": p.MaxLength, "minLength": p.MinLength, "maxItems": p.MaxItems,
		"minItems": p.MinItems, "maxProperties": p.MaxProperties, "minProperties": p.MinProperties,
	} {
		if x != nil {
			v.limits[k] = float64(*x)
		}
	}
	if p.Maximum != nil {
		v.limits[map[bool]string{false: "maximum", true: "exclusiveMaximum"}[p.ExclusiveMaximum]] = *p.Maximum
	}
	if p.Minimum != nil {
		v.limits[map[bool]string{false: "minimum", true: "exclusiveMinimum"}[p.ExclusiveMinimum]] = *p.Minimum
	}
	v.pattern, v.format = p.Pattern, p.Format
	if p.Enum != nil {
		v.enum = []string{}
		for _, e := range p.Enum {
			v.enum = append(v.enum, strings.Trim(compactJSON(string(e.Raw)), `"`))
		}
	}
	for _, rule := range p.XValidations {
		v.rules = append(v.rules, rule.Rule)
		v.immutable = v.immutable || isImmutableRule(rule.Rule)
	}
	return v
}

func crdSemantics(p *apiext.JSONSchemaProps, container string) semantics {
	var s semantics
	if p.XListType != nil {
		s.listType = *p.XListType
	}
	s.listMapKeys = strings.Join(p.XListMapKeys, ",")
	if p.XMapType != nil {
		if container == "map" {
			s.mapType = *p.XMapType
		} else {
			s.structType = *p.XMapType
		}
	}
	return s
}

// pos is the place of the node that path leads to in the document: a
// mapping key's line, or a sequence item's. It stops at the last node
// found.
func (r *crdReader) pos(path []any) token.Position {
	n := r.doc
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line := n.Line
	for _, step := range path {
		next, at := child(n, step)
		if next == nil {
			break
		}
		n, line = next, at
	}
	return token.Position{Filename: r.file, Line: line}
}

// child returns the value under a mapping key or sequence index, and the
// line of the key or item.
func child(n *yaml.Node, step any) (*yaml.Node, int) {
	switch s := step.(type) {
	case string:
		if n.Kind != yaml.MappingNode {
			return nil, 0
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == s {
				return n.Content[i+1], n.Content[i].Line
			}
		}
	case int:
		if n.Kind == yaml.SequenceNode && s < len(n.Content) {
			return n.Content[s], n.Content[s].Line
		}
	}
	return nil, 0
}

// with returns path extended by more, without sharing path's array.
func with(path []any, more ...any) []any {
	return append(slices.Clip(path), more...)
}
