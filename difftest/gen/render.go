package gen

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/format"
	"maps"
	"path"
	"slices"
	"strings"
)

var (
	//go:embed template/go.mod.tmpl
	goMod []byte
	//go:embed template/go.sum.tmpl
	goSum []byte
)

// aliases are the local names of the imported packages outside the module.
var aliases = map[string]string{
	MetaV1:   "metav1",
	Resource: "resource",
	IntStr:   "intstr",
	Runtime:  "runtime",
	CoreV1:   "corev1",
}

// Import paths the generated packages use.
const (
	MetaV1   = "k8s.io/apimachinery/pkg/apis/meta/v1"
	Resource = "k8s.io/apimachinery/pkg/api/resource"
	IntStr   = "k8s.io/apimachinery/pkg/util/intstr"
	Runtime  = "k8s.io/apimachinery/pkg/runtime"
	CoreV1   = "k8s.io/api/core/v1"
)

// RenderModule returns the files of a module holding apis: go.mod and
// go.sum from the fixed dependency set, and every API's packages.
func RenderModule(apis ...*API) (map[string][]byte, error) {
	files := map[string][]byte{"go.mod": goMod, "go.sum": goSum}
	for _, a := range apis {
		fs, err := Render(a)
		if err != nil {
			return nil, err
		}
		for name, b := range fs {
			files[name] = b
		}
	}
	return files, nil
}

// Render returns the files of a's packages, gofmt'd and keyed by slash
// path below the module root, and sets the line of a's mutation.
func Render(a *API) (map[string][]byte, error) {
	files := maps.Clone(a.Files)
	if files == nil {
		files = map[string][]byte{}
	}
	for _, p := range a.Packages {
		dir := a.Dir(p)
		doc := comment(p.Doc) + "package " + p.Name + "\n"
		files[dir+"/doc.go"] = []byte(doc)
		src, err := format.Source([]byte(typesFile(a, p)))
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", dir, err, typesFile(a, p))
		}
		files[dir+"/types.go"] = src
		for name, text := range p.Extra {
			src, err := format.Source([]byte(text))
			if err != nil {
				return nil, fmt.Errorf("%s/%s: %v\n%s", dir, name, err, text)
			}
			files[dir+"/"+name] = src
		}
	}
	if m := a.Mutation; m != nil {
		m.Line = lineOf(files[m.File], "// "+m.Text)
		if m.Line > 0 {
			m.Line += m.Below
		}
	}
	return files, nil
}

// lineOf is the 1-based number of the first line of src that is text after
// leading blanks, 0 if none is.
func lineOf(src []byte, text string) int {
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == text {
			return i + 1
		}
	}
	return 0
}

func comment(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimSpace("// "+l) + "\n")
	}
	return b.String()
}

// typesFile is the source of p's types.go, before gofmt.
func typesFile(a *API, p *Package) string {
	self := a.ImportPath(p)
	imports := map[string]bool{}
	var body bytes.Buffer
	q := func(e *Expr) string { return qualified(e, self, imports) }
	for _, t := range p.Types {
		if len(t.Above) > 0 {
			body.WriteString("\n" + comment(t.Above))
		}
		body.WriteString("\n" + comment(t.Doc))
		switch t.Kind {
		case Struct:
			fmt.Fprintf(&body, "type %s struct {\n", t.Name)
			for _, f := range t.Fields {
				body.WriteString(comment(f.Doc))
				if f.Name != "" {
					body.WriteString(f.Name + " ")
				}
				body.WriteString(q(f.Type))
				if f.Tag != "" {
					body.WriteString(" `" + f.Tag + "`")
				}
				body.WriteString("\n")
			}
			body.WriteString("}\n")
		case Defined:
			fmt.Fprintf(&body, "type %s %s\n", t.Name, q(t.Of))
		case Alias:
			fmt.Fprintf(&body, "type %s = %s\n", t.Name, q(t.Of))
		case Interface:
			fmt.Fprintf(&body, "type %s interface {\n%s\n}\n", t.Name, strings.Join(t.Methods, "\n"))
		}
	}
	for _, c := range p.Consts {
		fmt.Fprintf(&body, "\nconst %s %s = %s\n", c.Name, c.Type, c.Value)
	}
	var head strings.Builder
	head.WriteString("package " + p.Name + "\n")
	if len(imports) > 0 {
		head.WriteString("\nimport (\n")
		for _, imp := range slices.Sorted(maps.Keys(imports)) {
			fmt.Fprintf(&head, "%s %q\n", alias(imp), imp)
		}
		head.WriteString(")\n")
	}
	return head.String() + body.String()
}

// qualified writes e as package self refers to it, noting the imports.
func qualified(e *Expr, self string, imports map[string]bool) string {
	switch e.Kind {
	case Pointer:
		return "*" + qualified(e.Elem, self, imports)
	case Slice:
		return "[]" + qualified(e.Elem, self, imports)
	case Map:
		return "map[" + qualified(e.Key, self, imports) + "]" + qualified(e.Elem, self, imports)
	case Array:
		return fmt.Sprintf("[%d]%s", e.Len, qualified(e.Elem, self, imports))
	}
	if e.Pkg == "" || e.Pkg == self {
		return e.Name
	}
	imports[e.Pkg] = true
	return alias(e.Pkg) + "." + e.Name
}

func alias(importPath string) string {
	if a, ok := aliases[importPath]; ok {
		return a
	}
	return path.Base(importPath)
}
