package register

import (
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/output"
)

// writeBody writes the declarations of a register file. names spells the
// referenced apimachinery types as imported; kinds are the types to
// register. The text need not be formatted: the file is gofmt-ed as a whole.
func writeBody(f *output.GoFile, v gv, names map[types.Name]string, kinds []string) {
	f.Printf("// GroupName specifies the group name used to register the objects.\n")
	f.Printf("const GroupName = \"%s\"\n\n", v.group)

	f.Printf("// GroupVersion specifies the group and the version used to register the objects.\n")
	f.Printf("var GroupVersion = %s{Group: GroupName, Version: \"%s\"}\n\n", names[metaGroupVersion], v.version)

	f.Printf("// SchemeGroupVersion is group version used to register these objects\n//\n")
	f.Printf("// Deprecated: use GroupVersion instead.\n")
	f.Printf("var SchemeGroupVersion = %s{Group: GroupName, Version: \"%s\"}\n\n", names[groupVersionType], v.version)

	f.Printf("// Resource takes an unqualified resource and returns a Group qualified GroupResource\n")
	f.Printf("func Resource(resource string) %s {\n", names[groupResource])
	f.Printf("return SchemeGroupVersion.WithResource(resource).GroupResource()\n}\n\n")

	f.Printf("var (\n")
	f.Printf("// localSchemeBuilder and AddToScheme will stay in k8s.io/kubernetes.\n")
	f.Printf("SchemeBuilder %s\n", names[schemeBuilder])
	f.Printf("localSchemeBuilder = &SchemeBuilder\n")
	f.Printf("// Deprecated: use Install instead\n")
	f.Printf("AddToScheme = localSchemeBuilder.AddToScheme\n")
	f.Printf("Install = localSchemeBuilder.AddToScheme\n")
	f.Printf(")\n\n")

	f.Printf("func init() {\n")
	f.Printf("// We only register manually written functions here. The registration of the\n")
	f.Printf("// generated functions takes place in the generated files. The separation\n")
	f.Printf("// makes the code compile even when the generated files are missing.\n")
	f.Printf("localSchemeBuilder.Register(addKnownTypes)\n}\n\n")

	f.Printf("// Adds the list of known types to Scheme.\n")
	f.Printf("func addKnownTypes(scheme *%s) error {\n", names[scheme])
	f.Printf("scheme.AddKnownTypes(SchemeGroupVersion,\n")
	for _, k := range kinds {
		f.Printf("&%s{},\n", k)
	}
	f.Printf(")\n")
	f.Printf("// AddToGroupVersion allows the serialization of client types like ListOptions.\n")
	f.Printf("%s(scheme, SchemeGroupVersion)\n", names[addToGroupVersion])
	f.Printf("return nil\n}\n")
}
