package crd

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// The limits on the size of a CRD as it is sent to the API server.
const (
	// annotationLimit is what the annotations of an object may hold in
	// total, keys and values (apimachinery's TotalAnnotationSizeLimitB).
	annotationLimit = 256 << 10
	// requestLimit is the largest request body the API server reads
	// (its MaxRequestBodyBytes): a create, update or apply of a CRD whose
	// JSON is larger is refused.
	requestLimit = 3 << 20
	// etcdLimit is the largest request etcd takes by default (its
	// --max-request-bytes). The API server stores a CRD as JSON, with its
	// status and managedFields, in a request with its key: storeOverhead
	// leaves room for those (about 2 KiB for a CRD with one version).
	etcdLimit     = 3 << 19
	storeOverhead = 4 << 10
	// etcdClientLimit is the largest message the API server's etcd client
	// sends (clientv3's default, which the API server keeps): a larger CRD
	// cannot be stored whatever etcd's settings.
	etcdClientLimit = 2 << 20
	// lastApplied is the annotation in which client-side kubectl apply
	// keeps the object it applied, as JSON.
	lastApplied = "kubectl.kubernetes.io/last-applied-configuration"
)

// sizeOf is how large one CRD is as the API server sees it.
type sizeOf struct {
	yaml int // the manifest written, header included
	json int // the manifest as JSON, as kubectl sends it (newline included)
}

// annotations is the total size of crd's annotations once client-side
// kubectl apply has added the last-applied-configuration annotation,
// whose value is the object as JSON.
func annotations(crd *apiext.CustomResourceDefinition, jsonSize int) int {
	n := len(lastApplied) + jsonSize
	for k, v := range crd.Annotations {
		if k != lastApplied {
			n += len(k) + len(v)
		}
	}
	return n
}

// checkSize reports a CRD that the API server refuses to read for its
// size (an error: the output is unusable as it is), or that client-side
// kubectl apply cannot apply because the last-applied-configuration
// annotation would be over the annotations' limit (a warning: server-side
// apply and kubectl create work, unless the CRD is also too large for
// etcd, which the warning then says). Either names the largest
// descriptions and the crd:maxDescLen that would bring the CRD under the
// limit, measured by rendering it again with descriptions cut to
// candidate lengths.
func (g *Generator) checkSize(p *parser, crd *apiext.CustomResourceDefinition, sites map[string]kindSite, size sizeOf) {
	annots := func(json int) int { return annotations(crd, json) }
	asJSON := func(json int) int { return json }
	if size.json <= requestLimit && annots(size.json) <= annotationLimit {
		return
	}
	m := &descMeasure{p: p, g: g, crd: crd, sites: sites, sizes: map[int]int{}, offset: -1}
	largest := p.largestDescriptions(crd, sites, 3)
	pos := kindPos(crd, sites)
	// What etcd with its default settings stores, with room for status.
	forEtcd := func() string {
		say := fmt.Sprintf("etcd takes at most %d bytes (1.5 MiB) by default (--max-request-bytes) for the CRD with its status and managedFields: %s",
			etcdLimit, m.suggest(asJSON, etcdLimit-storeOverhead, "its JSON"))
		if f := m.fit(asJSON, etcdLimit-storeOverhead); f.ok && m.err == nil {
			say += fmt.Sprintf(", leaving %d for those", etcdLimit-f.size)
		}
		return say
	}
	if size.json > requestLimit {
		p.diags.Errorf(pos, "CRD %s is %d bytes as JSON, over the %d bytes (3 MiB) the API server reads in a request, so it refuses the CRD however it is sent (the YAML manifest is %d bytes); %s; %s; to be stored, it must be smaller still: %s",
			crd.Name, size.json, requestLimit, size.yaml, largest, m.suggest(asJSON, requestLimit, "its JSON"), forEtcd())
		return
	}
	others := "kubectl apply --server-side and kubectl create work"
	switch {
	case size.json > etcdClientLimit:
		others = fmt.Sprintf("at that size kubectl apply --server-side and kubectl create fail too, as the API server's etcd client sends at most %d bytes (2 MiB), and %s", etcdClientLimit, forEtcd())
	case size.json > etcdLimit-storeOverhead:
		others = "at that size kubectl apply --server-side and kubectl create fail too where etcd has its default settings: " + forEtcd()
	}
	p.diags.Warnf(pos, "CRD %s cannot be applied with client-side kubectl apply: the %s annotation it adds would bring the CRD's annotations to %d bytes, over the limit of %d (256 KiB), as the CRD is %d bytes as JSON (the YAML manifest is %d bytes); %s; %s; %s",
		crd.Name, lastApplied, annots(size.json), annotationLimit, size.json, size.yaml, others, largest,
		m.suggest(annots, annotationLimit, "its annotations"))
}

// largestDescriptions names the n longest different descriptions of the
// CRD's schemas, each at its first path with its Go source position, and
// how often it occurs when more than once.
func (p *parser) largestDescriptions(crd *apiext.CustomResourceDefinition, sites map[string]kindSite, n int) string {
	type desc struct {
		text  string
		steps []string
		site  kindSite
		count int
	}
	byText := map[string]*desc{}
	for _, v := range crd.Spec.Versions {
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			continue
		}
		walkDescriptions(v.Schema.OpenAPIV3Schema, nil, func(steps []string, text string) {
			d := byText[text]
			if d == nil {
				d = &desc{text: text, steps: slices.Clone(steps), site: sites[v.Name]}
				byText[text] = d
			}
			d.count++
		})
	}
	if len(byText) == 0 {
		return "it has no descriptions"
	}
	var all []*desc
	for _, d := range byText {
		all = append(all, d)
	}
	slices.SortFunc(all, func(a, b *desc) int {
		return cmp.Or(cmp.Compare(len(b.text), len(a.text)), cmp.Compare(dotted(a.steps), dotted(b.steps)), strings.Compare(a.text, b.text))
	})
	var parts []string
	for _, d := range all[:min(n, len(all))] {
		pos := p.schemaPos(d.site, d.steps)
		part := fmt.Sprintf("%s (%s:%d, %d bytes", dotted(d.steps), shortFile(pos), pos.Line, len(d.text))
		if d.count > 1 {
			part += fmt.Sprintf(", %d times", d.count)
		}
		parts = append(parts, part+")")
	}
	return "the largest descriptions are " + strings.Join(parts, ", ")
}

// walkDescriptions calls fn with the path and description of every schema
// at or below s that has one, properties in sorted order.
func walkDescriptions(s *schema, steps []string, fn func(steps []string, text string)) {
	if s.Description != "" {
		fn(steps, s.Description)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		c := s.Properties[name]
		walkDescriptions(&c, append(steps, "properties["+name+"]"), fn)
	}
	if s.Items != nil && s.Items.Schema != nil {
		walkDescriptions(s.Items.Schema, append(steps, "items"), fn)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		walkDescriptions(s.AdditionalProperties.Schema, append(steps, "additionalProperties"), fn)
	}
}

// descMeasure renders a CRD again with its descriptions cut to candidate
// lengths, as crd:maxDescLen would cut them, and measures its JSON.
type descMeasure struct {
	p     *parser
	g     *Generator
	crd   *apiext.CustomResourceDefinition
	sites map[string]kindSite
	full  []*schema   // each version's schema with its descriptions uncut
	sizes map[int]int // JSON size by maxDescLen
	err   error
	// offset is the size of what manifestJSON leaves out of the CRD's JSON
	// (status, creationTimestamp), less the newline kubectl adds; -1 until
	// measured.
	offset int
}

// uncut returns each version's schema as it is with no maxDescLen.
func (m *descMeasure) uncut() []*schema {
	if m.full != nil {
		return m.full
	}
	for _, v := range m.crd.Spec.Versions {
		var s *schema
		switch {
		case v.Schema == nil || v.Schema.OpenAPIV3Schema == nil:
		case m.g.MaxDescLen == nil:
			s = v.Schema.OpenAPIV3Schema
		default:
			site := m.sites[v.Name]
			full := m.p.kindSchema(ident{site.pi.pkg.PkgPath, site.ti.name}, nil)
			plainMetadata(&full)
			s = &full
		}
		m.full = append(m.full, s)
	}
	return m.full
}

// jsonSize is the size of the CRD's JSON, as render measures it, with
// descriptions cut to n. It marshals the CRD with the cut schemas and
// subtracts what manifestJSON leaves out, which descriptions do not
// change; that spares decoding megabytes into maps at every try.
func (m *descMeasure) jsonSize(n int) int {
	if size, ok := m.sizes[n]; ok {
		return size
	}
	if m.offset < 0 {
		whole, err1 := json.Marshal(m.crd)
		manifest, err2 := manifestJSON(m.crd)
		m.offset = len(whole) - len(manifest) - 1
		m.fail(cmp.Or(err1, err2))
	}
	c := *m.crd
	c.Spec.Versions = slices.Clone(c.Spec.Versions)
	for i, s := range m.uncut() {
		if s != nil {
			cut := s.DeepCopy()
			truncate(cut, n)
			c.Spec.Versions[i].Schema = &apiext.CustomResourceValidation{OpenAPIV3Schema: cut}
		}
	}
	j, err := json.Marshal(&c)
	m.fail(err)
	m.sizes[n] = len(j) - m.offset
	return m.sizes[n]
}

func (m *descMeasure) fail(err error) {
	if m.err == nil {
		m.err = err
	}
}

// fit is a maxDescLen that brings a size to its limit, and the size it
// brings it to; ok is false if even maxDescLen=0 does not, and size is
// then the size without descriptions.
type fit struct {
	n, size int
	ok      bool
}

// fit finds a maxDescLen that brings measure(JSON size) to at most limit,
// by bisection between 0 and the length of the longest description (or
// the maxDescLen in use), measuring the CRD at each try. The size grows
// with maxDescLen, nearly always: what it finds is the largest that fits,
// or else one that fits, one less than one that does not.
func (m *descMeasure) fit(measure func(json int) int, limit int) fit {
	if size := measure(m.jsonSize(0)); size > limit {
		return fit{0, size, false}
	}
	hi := 0
	for _, s := range m.uncut() {
		if s != nil {
			walkDescriptions(s, nil, func(_ []string, text string) { hi = max(hi, len(text)) })
		}
	}
	if m.g.MaxDescLen != nil {
		hi = min(hi, *m.g.MaxDescLen)
	}
	// Here measure(jsonSize(lo)) <= limit < measure(jsonSize(hi)): at hi,
	// descriptions are as the CRD has them.
	lo := 0
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if measure(m.jsonSize(mid)) <= limit {
			lo = mid
		} else {
			hi = mid
		}
	}
	return fit{lo, measure(m.jsonSize(lo)), true}
}

// suggest says which maxDescLen brings what (measure of the JSON size)
// to at most limit, or that none does.
func (m *descMeasure) suggest(measure func(json int) int, limit int, what string) string {
	f := m.fit(measure, limit)
	switch {
	case m.err != nil:
		return fmt.Sprintf("measuring it with shorter descriptions failed: %v", m.err)
	case !f.ok:
		return fmt.Sprintf("descriptions alone cannot bring it under the limit: without any (crd:maxDescLen=0) %s would still be %d bytes", what, f.size)
	}
	return fmt.Sprintf("crd:maxDescLen=%d (apigen generate: --crd-max-desc-len %d) brings %s to %d bytes", f.n, f.n, what, f.size)
}

// kindPos is where a CRD's kind is declared: in its storage version, or
// else its first.
func kindPos(crd *apiext.CustomResourceDefinition, sites map[string]kindSite) token.Position {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return sites[v.Name].ti.pos
		}
	}
	return sites[crd.Spec.Versions[0].Name].ti.pos
}
