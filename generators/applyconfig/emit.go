package applyconfig

import (
	"path"
	"slices"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/output"
)

// typeWriter writes the file of one apply configuration. Types are spelled
// through n in the order upstream first spells them, which decides import
// names.
type typeWriter struct {
	f       *output.GoFile
	n       *names
	refs    refGraph
	in      *input
	c       *config
	outBase string // the output package of the whole run

	ac, typ string // the public names of the apply configuration and of the type

	// fail reports a field of struct parent (index i) that cannot be
	// written; the file is then not used.
	fail func(parent *types.Type, i int, format string, args ...any)
}

// field is one field that gets methods: a field of the type, or of a
// struct it embeds (then via is the embedded field).
type field struct {
	m   types.Member
	typ *types.Type // its type in the apply configuration's methods
	tag jsonTag
	arg *types.Type // the element type a With method of a list takes
	via *field
}

func (w *typeWriter) write() {
	t := w.c.t
	w.ac, w.typ = w.n.public.Name(w.c.ac), w.n.public.Name(t)
	w.structDecl()
	typeMeta := embeds(t, typeMetaName)
	switch {
	case w.c.tags.Generate:
		w.clientConstructor()
		if w.c.openAPI != "" {
			w.extract()
		}
	case typeMeta:
		w.f.Printf("\n// %s constructs a declarative configuration of the %s type for use with\n// apply.\n", w.ac, w.typ)
		w.f.Printf("func %s() *%s {\n  b := &%s{}\n", w.typ, w.ac, w.ac)
		w.f.Printf("  b.WithKind(%q)\n  b.WithAPIVersion(%q)\n  return b\n}\n", w.typ, w.in.apiVersion())
	default:
		w.f.Printf("\n// %s constructs a declarative configuration of the %s type for use with\n// apply.\n", w.ac, w.typ)
		w.f.Printf("func %s() *%s {\n  return &%s{}\n}\n", w.typ, w.ac, w.ac)
	}
	if w.c.tags.Generate || typeMeta {
		w.f.Printf("\nfunc (b %s) IsApplyConfiguration() {}\n", w.ac)
	}
	w.withMethods(t, nil, &[]string{})
	w.getters(t, nil)
}

// hidden reports the fields that get nothing: ObjectMeta's managed fields
// and self link, and fields on their way out (ZZZ_).
func hidden(t *types.Type, m types.Member) bool {
	return t.Name == objectMetaName && (m.Name == "ManagedFields" || m.Name == "SelfLink") ||
		strings.HasPrefix(m.Name, "ZZZ_")
}

// comment turns comment lines into // lines, leaving out markers.
func comment(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "+") {
			b.WriteString("// " + l + "\n")
		}
	}
	return b.String()
}

func nillable(t *types.Type) bool { return t.Kind == types.Slice || t.Kind == types.Map }

func (w *typeWriter) structDecl() {
	t := w.c.t
	w.f.Printf("// %s represents a declarative configuration of the %s type for use\n// with apply.\n", w.ac, w.typ)
	if doc := comment(slices.Concat(t.SecondClosestCommentLines, t.CommentLines)); doc != "" {
		w.f.Print("//\n" + doc)
	}
	w.f.Printf("type %s struct {\n", w.ac)
	for _, m := range t.Members {
		tag, ok := jsonTagOf(m)
		if hidden(t, m) || !ok {
			continue
		}
		if !tag.inline {
			tag.omitempty = true
		}
		typ := w.f.Name(w.refs.configOf(m.Type))
		w.f.Print(comment(m.CommentLines))
		switch {
		case m.Embedded && tag.inline:
			w.f.Printf("%s `json:\"%s\"`\n", typ, tag)
		case m.Embedded:
			w.f.Printf("*%s `json:\"%s\"`\n", typ, tag)
		case nillable(m.Type):
			w.f.Printf("%s %s `json:\"%s\"`\n", m.Name, typ, tag)
		default:
			w.f.Printf("%s *%s `json:\"%s\"`\n", m.Name, typ, tag)
		}
	}
	w.f.Printf("}\n")
}

func (w *typeWriter) clientConstructor() {
	w.f.Printf("\n// %s constructs a declarative configuration of the %s type for use with\n// apply.\n", w.typ, w.typ)
	if w.c.tags.NonNamespaced {
		w.f.Printf("func %s(name string) *%s {\n  b := &%s{}\n  b.WithName(name)\n", w.typ, w.ac, w.ac)
	} else {
		w.f.Printf("func %s(name, namespace string) *%s {\n  b := &%s{}\n  b.WithName(name)\n  b.WithNamespace(namespace)\n", w.typ, w.ac, w.ac)
	}
	w.f.Printf("  b.WithKind(%q)\n  b.WithAPIVersion(%q)\n  return b\n}\n", w.typ, w.in.apiVersion())
}

// title upper-cases a subresource's first letter, as upstream's Extract
// function names have it. A Caser keeps state: one per call.
func title(s string) string { return cases.Title(language.Und).String(s) }

// extract writes the Extract functions, which read back what one field
// manager applied: one for any subresource, one for the main resource and
// one per subresource the type has.
func (w *typeWriter) extract() {
	t := w.c.t
	obj, pub := w.n.private.Name(t), w.n.public.Name(t)
	goType := w.f.Name(t)
	w.f.Printf("\n// Extract%sFrom extracts the applied configuration owned by fieldManager from\n", w.typ)
	w.f.Printf("// %s for the specified subresource. Pass an empty string for subresource to extract\n", obj)
	w.f.Printf("// the main resource. Common subresources include \"status\", \"scale\", etc.\n")
	w.f.Printf("// %s must be a unmodified %s API object that was retrieved from the Kubernetes API.\n", obj, pub)
	w.f.Printf("// Extract%sFrom provides a way to perform a extract/modify-in-place/apply workflow.\n", w.typ)
	w.extractNote()
	w.f.Printf("func Extract%sFrom(%s *%s, fieldManager string, subresource string) (*%s, error) {\n", w.typ, obj, goType, w.ac)
	w.f.Printf("\tb := &%s{}\n", w.ac)
	extractInto := w.f.Qual(managedPkg, "ExtractInto")
	parser := w.f.Qual(path.Join(w.outBase, "internal"), "Parser")
	w.f.Printf("\terr := %s(%s, %s().Type(%q), fieldManager, b, subresource)\n", extractInto, obj, parser, w.c.openAPI)
	w.f.Printf("\tif err != nil {\n\t\treturn nil, err\n\t}\n\tb.WithName(%s.Name)\n", obj)
	if !w.c.tags.NonNamespaced {
		w.f.Printf("\tb.WithNamespace(%s.Namespace)\n", obj)
	}
	w.f.Printf("\n\tb.WithKind(%q)\n\tb.WithAPIVersion(%q)\n\treturn b, nil\n}\n", w.typ, w.in.apiVersion())

	w.f.Printf("\n// Extract%s extracts the applied configuration owned by fieldManager from\n", w.typ)
	w.f.Printf("// %s. If no managedFields are found in %s for fieldManager, a\n", obj, obj)
	w.f.Printf("// %s is returned with only the Name, Namespace (if applicable),\n", w.ac)
	w.f.Printf("// APIVersion and Kind populated. It is possible that no managed fields were found for because other\n")
	w.f.Printf("// field managers have taken ownership of all the fields previously owned by fieldManager, or because\n")
	w.f.Printf("// the fieldManager never owned fields any fields.\n")
	w.f.Printf("// %s must be a unmodified %s API object that was retrieved from the Kubernetes API.\n", obj, pub)
	w.f.Printf("// Extract%s provides a way to perform a extract/modify-in-place/apply workflow.\n", w.typ)
	w.extractNote()
	w.f.Printf("func Extract%s(%s *%s, fieldManager string) (*%s, error) {\n", w.typ, obj, goType, w.ac)
	w.f.Printf("\treturn Extract%sFrom(%s, fieldManager, \"\")\n}\n", w.typ, obj)

	for _, sub := range w.subresources() {
		w.f.Printf("\n// Extract%s%s extracts the applied configuration owned by fieldManager from\n", w.typ, title(sub))
		w.f.Printf("// %s for the %s subresource.\n", obj, sub)
		w.f.Printf("func Extract%s%s(%s *%s, fieldManager string) (*%s, error) {\n", w.typ, title(sub), obj, goType, w.ac)
		w.f.Printf("\treturn Extract%sFrom(%s, fieldManager, %q)\n}\n", w.typ, obj, sub)
	}
}

func (w *typeWriter) extractNote() {
	w.f.Printf("// Note that an extracted apply configuration will contain fewer fields than what the fieldManager previously\n")
	w.f.Printf("// applied if another fieldManager has updated or force applied any of the previously applied fields.\n")
}

// subresources are the status subresource, unless +genclient:noStatus or
// the type has no Status field, and those of +genclient:method markers,
// sorted.
func (w *typeWriter) subresources() []string {
	var out []string
	if !w.c.tags.NoStatus && slices.ContainsFunc(w.c.t.Members, func(m types.Member) bool { return m.Name == "Status" }) {
		out = append(out, "status")
	}
	for _, m := range w.c.tags.Methods {
		if m.Subresource != "" {
			out = append(out, m.Subresource)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// withMethods writes a With method per field of t, and of the structs t
// embeds, skipping names already done.
func (w *typeWriter) withMethods(t *types.Type, via *field, done *[]string) {
	for i, m := range t.Members {
		if hidden(t, m) {
			continue
		}
		tag, ok := jsonTagOf(m)
		if !ok || slices.Contains(*done, m.Name) {
			continue
		}
		*done = append(*done, m.Name)
		f := &field{m: m, typ: w.refs.fieldConfig(m.Type), tag: tag, via: via}
		if m.Embedded {
			if !tag.inline && f.typ.Elem == nil {
				w.fail(t, i, "embedded field %s of %s has a json name, so its apply configuration is a pointer, but %s has no apply configuration: "+
					"inline it (json:\",inline\"), or name one with --external-applyconfigurations", m.Name, t.Name.Name, m.Type.Name)
				continue
			}
			w.withMethods(m.Type, f, done)
			if !tag.inline {
				w.ensureEmbedded(f)
			}
			continue
		}
		if d := deref(m.Type); d.Kind == types.Slice && w.refs.isConfig(d.Elem) {
			f.arg = &types.Type{Kind: types.Pointer, Elem: f.typ.Elem}
			w.withList(f)
			continue
		}
		switch m.Type.Kind {
		case types.Slice:
			f.arg = f.typ.Elem
			if e := f.typ.Elem; e != nil && e.Kind == types.Pointer && !e.Elem.IsPrimitive() {
				w.fail(t, i, "field %s of %s holds pointers to %s, which has no apply configuration: upstream's With%s appends what they point to, "+
					"so the code does not compile; hold values, or name an apply configuration with --external-applyconfigurations", m.Name, t.Name.Name, e.Elem.Name, m.Name)
			}
			w.withList(f)
		case types.Map:
			w.withMap(f)
		default:
			if via != nil && !w.refs.isConfig(via.m.Type) && !w.refs.isConfig(m.Type) && !nillable(m.Type) {
				w.fail(t, i, "field %s of %s, embedded as it is (it has no apply configuration): upstream's With%s stores a pointer to the value in it, "+
					"so the code does not compile; name an apply configuration for %s with --external-applyconfigurations", m.Name, t.Name.Name, m.Name, t.Name)
			}
			w.with(f)
		}
	}
}

func deref(t *types.Type) *types.Type {
	for t.Kind == types.Pointer {
		t = t.Elem
	}
	return t
}

// target is how a method refers to f: b.Name, or b.Embedded.Name.
func (f *field) target() string {
	s := "b"
	if v := f.via; v != nil {
		if v.typ.Name.Name != "" {
			s += "." + v.typ.Name.Name
		} else if v.typ.Elem != nil {
			s += "." + v.typ.Elem.Name.Name
		}
	}
	return s + "." + f.m.Name
}

// ensureVia makes a method of a field promoted from an embedded pointer
// allocate that pointer first.
func (w *typeWriter) ensureVia(f *field) {
	if v := f.via; v != nil && !v.tag.inline {
		w.f.Printf("b.ensure%sExists()\n", w.n.public.Name(v.typ.Elem))
	}
}

func (w *typeWriter) with(f *field) {
	name := f.m.Name
	w.f.Printf("// With%s sets the %s field in the declarative configuration to the given value\n", name, name)
	w.f.Printf("// and returns the receiver, so that objects can be built by chaining \"With\" function invocations.\n")
	w.f.Printf("// If called multiple times, the %s field is set to the value of the last call.\n", name)
	w.f.Printf("func (b *%s) With%s(value %s) *%s {\n", w.ac, name, w.f.Name(f.typ), w.ac)
	w.ensureVia(f)
	if w.refs.isConfig(f.m.Type) || nillable(f.m.Type) {
		w.f.Printf("%s = value\n", f.target())
	} else {
		w.f.Printf("%s = &value\n", f.target())
	}
	w.f.Printf("  return b\n}\n")
}

func (w *typeWriter) withList(f *field) {
	name := f.m.Name
	ptr := f.m.Type.Kind == types.Pointer
	if ptr {
		elem := w.n.public.Name(f.typ.Elem)
		w.f.Printf("\nfunc (b *%s) ensure%sExists() {\n  if b.%s == nil {\n", w.ac, elem, name)
		w.f.Printf("    b.%s = &[]%s{}\n  }\n}\n", name, w.f.Name(f.typ.Elem))
	}
	w.f.Printf("// With%s adds the given value to the %s field in the declarative configuration\n", name, name)
	w.f.Printf("// and returns the receiver, so that objects can be build by chaining \"With\" function invocations.\n")
	w.f.Printf("// If called multiple times, values provided by each call will be appended to the %s field.\n", name)
	w.f.Printf("func (b *%s) With%s(values ...%s) *%s {\n", w.ac, name, w.f.Name(f.arg), w.ac)
	w.ensureVia(f)
	if ptr {
		w.f.Printf("b.ensure%sExists()\n", w.n.public.Name(f.typ.Elem))
	}
	w.f.Printf("  for i := range values {\n")
	value := "values[i]"
	if f.arg.Kind == types.Pointer {
		w.f.Printf("if values[i] == nil {\n  panic(\"nil value passed to With%s\")\n}\n", name)
		// Upstream dereferences here even when the field holds pointers
		// to a basic type ([]*int32), which does not compile; we keep the
		// pointer then.
		if e := f.typ.Elem; e == nil || e.Kind != types.Pointer || !e.Elem.IsPrimitive() {
			value = "*values[i]"
		}
	}
	if ptr {
		w.f.Printf("*%s = append(*%s, %s)\n", f.target(), f.target(), value)
	} else {
		w.f.Printf("%s = append(%s, %s)\n", f.target(), f.target(), value)
	}
	w.f.Printf("  }\n  return b\n}\n")
}

func (w *typeWriter) withMap(f *field) {
	name, target := f.m.Name, f.target()
	w.f.Printf("// With%s puts the entries into the %s field in the declarative configuration\n", name, name)
	w.f.Printf("// and returns the receiver, so that objects can be build by chaining \"With\" function invocations.\n")
	w.f.Printf("// If called multiple times, the entries provided by each call will be put on the %s field,\n", name)
	w.f.Printf("// overwriting an existing map entries in %s field with the same key.\n", name)
	typ := w.f.Name(f.typ)
	w.f.Printf("func (b *%s) With%s(entries %s) *%s {\n", w.ac, name, typ, w.ac)
	w.ensureVia(f)
	w.f.Printf("  if %s == nil && len(entries) > 0 {\n    %s = make(%s, len(entries))\n  }\n", target, target, typ)
	w.f.Printf("  for k, v := range entries {\n    %s[k] = v\n  }\n  return b\n}\n", target)
}

// ensureEmbedded writes the method that allocates an embedded pointer
// field (one whose json tag names it, so that it is not inlined).
func (w *typeWriter) ensureEmbedded(f *field) {
	elem := w.n.public.Name(f.typ.Elem)
	w.f.Printf("\nfunc (b *%s) ensure%sExists() {\n  if b.%s == nil {\n", w.ac, elem, elem)
	w.f.Printf("    b.%s = &%s{}\n  }\n}\n", elem, w.f.Name(f.typ.Elem))
}

// getters writes Get methods for the fields that applying reads: the name
// and namespace of ObjectMeta, and the kind and API version of TypeMeta.
func (w *typeWriter) getters(t *types.Type, via *field) {
	for _, m := range t.Members {
		if hidden(t, m) {
			continue
		}
		tag, ok := jsonTagOf(m)
		if !ok {
			continue
		}
		f := &field{m: m, typ: w.refs.fieldConfig(m.Type), tag: tag, via: via}
		if m.Embedded {
			if !tag.inline && f.typ.Elem == nil {
				continue // reported by withMethods
			}
			w.getters(m.Type, f)
			continue
		}
		if t.Name == objectMetaName && (m.Name == "Name" || m.Name == "Namespace") ||
			t.Name == typeMetaName && (m.Name == "Kind" || m.Name == "APIVersion") {
			w.getter(f)
		}
	}
}

func (w *typeWriter) getter(f *field) {
	w.f.Printf("// Get%s retrieves the value of the %s field in the declarative configuration.\n", f.m.Name, f.m.Name)
	ptr := "*"
	if w.refs.isConfig(f.m.Type) || nillable(f.m.Type) {
		ptr = ""
	}
	w.f.Printf("func (b *%s) Get%s() %s%s {\n", w.ac, f.m.Name, ptr, w.f.Name(f.typ))
	w.ensureVia(f)
	w.f.Printf("  return %s\n}\n", f.target())
}
