package gen

import (
	_ "embed"
	"fmt"
	"go/format"
	"slices"
	"strings"
)

//go:embed template/check.go.tmpl
var checkGo []byte

// PropsDir is the directory of the module that holds the property
// checking command.
const PropsDir = "props"

// Props returns the files of a command, in PropsDir, that checks the
// generated code of apis' packages (which must be generated and compile):
// every type with DeepCopy methods, filled with random values, must copy
// to an equal value that shares no memory with it; every kind is printed
// as JSON with its apiVersion, for its CRD's schema. Its output is one
// JSON object a line: seed, type, problem, apiVersion, kind, object.
func Props(apis ...*API) (map[string][]byte, error) {
	var imports, subjects, fills strings.Builder
	n := 0
	protoTypes := false
	for _, a := range apis {
		protoTypes = protoTypes || a.Dialect == Protobuf.Name
		for _, p := range a.Packages {
			alias := fmt.Sprintf("p%d", n)
			n++
			fmt.Fprintf(&imports, "%s %q\n", alias, a.ImportPath(p))
			for _, t := range p.Types {
				switch t.Kind {
				case Interface:
					fills.WriteString(interfaceFill(p, t, alias) + ",\n")
					continue
				case Alias:
					continue
				}
				if t.Excluded {
					continue
				}
				fmt.Fprintf(&subjects, "{seed: %d, name: %q, new: func() any { return new(%s.%s) }, copied: %v, proto: %v",
					a.Seed, a.Dir(p)+"."+t.Name, alias, t.Name, copied(p, t), protoMessage(p, t))
				if t.Root && p.Group != "" && !strings.HasSuffix(t.Name, "List") {
					fmt.Fprintf(&subjects, ", apiVersion: %q, kind: %q", p.Group+"/"+p.Name, t.Name)
				}
				subjects.WriteString("},\n")
			}
		}
	}
	if protoTypes {
		// go-to-protobuf leaves TypeMeta out of messages.
		fills.WriteString("zeroTypeMeta,\n")
	}
	src := fmt.Sprintf("package main\n\nimport (\n\"sigs.k8s.io/randfill\"\n%s)\n\nvar _ randfill.Continue\n\nvar subjects = []subject{\n%s}\n\nvar fills = []any{\n%s}\n",
		imports.String(), subjects.String(), fills.String())
	out, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("props: %v", err)
	}
	return map[string][]byte{PropsDir + "/check.go": checkGo, PropsDir + "/subjects.go": out}, nil
}

// interfaceFill is a randfill function that fills interface t of package
// alias with its implementation: a value when the implementation's methods
// have value receivers, else a pointer.
func interfaceFill(p *Package, t *Type, alias string) string {
	store := "&v"
	for _, it := range p.Types {
		if it.Name == t.Impl && slices.Contains(it.Doc, "+k8s:deepcopy-gen:nonpointer-interfaces=true") {
			store = "v"
		}
	}
	return fmt.Sprintf("func(x *%s.%s, c randfill.Continue) { var v %s.%s; c.Fill(&v); *x = %s }", alias, t.Name, alias, t.Impl, store)
}

// copied says whether a generator gives type t of p DeepCopy methods:
// its package asks for all and it does not opt out, or it opts in.
func copied(p *Package, t *Type) bool {
	if t.Kind == Interface || t.Kind == Alias {
		return false
	}
	if slices.Contains(t.Doc, "+k8s:deepcopy-gen=true") {
		return true
	}
	if slices.Contains(t.Doc, "+k8s:deepcopy-gen=false") {
		return false
	}
	return slices.Contains(p.Doc, "+k8s:deepcopy-gen=package") || slices.Contains(p.Doc, "+kubebuilder:object:generate=true")
}

// protoMessage says whether go-to-protobuf makes type t of p a message
// with Marshal and Unmarshal: a struct or nullable wrapper of a package
// marked for it, not opted out.
func protoMessage(p *Package, t *Type) bool {
	if !slices.Contains(p.Doc, pbTag) || t.Excluded || slices.Contains(t.Doc, "+protobuf=false") {
		return false
	}
	return t.Kind == Struct || t.Kind == Defined && slices.Contains(t.Doc, "+protobuf.nullable=true")
}
