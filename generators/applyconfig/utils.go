package applyconfig

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/internal/genclient"
	"github.com/apigen-dev/apigen/output"
)

// writeUtils writes utils.go: ForKind, which maps a group, version and
// kind to an empty apply configuration, and NewTypeConverter.
//
// The whitespace of the switch matters: gofmt indents a comment that
// follows a case body like the body unless it stands in the column of the
// next case, so the text is laid out as upstream's template lays it out.
func writeUtils(f *output.GoFile, n *names, inputs []*input, outPkg string) {
	f.Printf("\n// ForKind returns an apply configuration type for the given GroupVersionKind, or nil if no\n")
	f.Printf("// apply configuration type exists for the given GroupVersionKind.\n")
	f.Printf("func ForKind(kind %s) interface{} {\n\tswitch kind {\n\t\t", f.Qual(schemaPkg, "GroupVersionKind"))
	for _, g := range groupsOf(inputs) {
		for _, v := range g.versions {
			f.Printf("// Group=%s, Version=%s\n\t\t\t\t", g.name, genclient.NonEmptyVersion(v.version))
			for _, c := range v.configs {
				f.Printf("case %s.WithKind(%q):\n\t\treturn &%s{}\n\t\t\t\t",
					f.Qual(v.pkg, "SchemeGroupVersion"), n.public.Name(c.t), f.Name(c.ac))
			}
			f.Printf("\n\t\t\t")
		}
		f.Printf("\n\t\t")
	}
	f.Printf("}\n\treturn nil\n}\n")

	f.Printf("\nfunc NewTypeConverter(scheme *%s) %s {\n", f.Qual(runtimePkg, "Scheme"), f.Qual(managedPkg, "TypeConverter"))
	f.Printf("\treturn %s(scheme, %s())\n}\n", f.Qual(managedPkg, "NewSchemeTypeConverter"), f.Qual(path.Join(outPkg, "internal"), "Parser"))
}

// group is one API group of ForKind, named as in the comments.
type group struct {
	name     string
	versions []*groupVersion
}

type groupVersion struct {
	version string
	pkg     string // where its SchemeGroupVersion is
	configs []*config
}

// groupsOf groups the inputs by API group, groups and versions sorted by
// their lower-case names. Two inputs of the same group and version share
// the apply configurations of the later one, as upstream.
func groupsOf(inputs []*input) []*group {
	byName := map[string]*group{}
	var out []*group
	last := map[[2]string]*input{}
	for _, in := range inputs {
		last[[2]string{in.group, in.version}] = in
	}
	for _, in := range inputs {
		name := genclient.NonEmptyGroup(in.group)
		g := byName[name]
		if g == nil {
			g = &group{name: name}
			byName[name] = g
			out = append(out, g)
		}
		configs := last[[2]string{in.group, in.version}].configs
		g.versions = append(g.versions, &groupVersion{version: in.version, pkg: configs[0].t.Name.Package, configs: configs})
	}
	for _, g := range out {
		slices.SortStableFunc(g.versions, func(a, b *groupVersion) int {
			return cmp.Compare(strings.ToLower(genclient.NonEmptyVersion(a.version)), strings.ToLower(genclient.NonEmptyVersion(b.version)))
		})
	}
	slices.SortStableFunc(out, func(a, b *group) int { return cmp.Compare(strings.ToLower(a.name), strings.ToLower(b.name)) })
	return out
}

const internalTemplate = `
func Parser() *%[1]s {
	parserOnce.Do(func() {
		var err error
		parser, err = %[2]s(schemaYAML)
		if err != nil {
			panic(%[3]s("Failed to parse schema: %%v", err))
		}
	})
	return parser
}

var parserOnce %[4]s
var parser *%[1]s
var schemaYAML = %[5]s(` + "`%[6]s`" + `)
`

// writeInternal writes internal/internal.go: the schema as YAML and a
// parser of it, made once.
func writeInternal(f *output.GoFile, schemaYAML []byte) {
	parser := f.Qual(typedSMDPkg, "Parser")
	newParser := f.Qual(typedSMDPkg, "NewParser")
	sprintf := f.Qual("fmt", "Sprintf")
	once := f.Qual("sync", "Once")
	yamlObject := f.Qual(typedSMDPkg, "YAMLObject")
	f.Printf(internalTemplate, parser, newParser, sprintf, once, yamlObject, schemaYAML)
}
