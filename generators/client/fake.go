package client

import (
	"path"
	"strings"

	"k8s.io/gengo/v2/namer"

	"github.com/apigen-dev/apigen/output"
)

// fakeTypedClient writes the fake of k's typed client, backed by
// k8s.io/client-go/testing.
func (p *plan) fakeTypedClient(v *version, k *kind) *output.GoFile {
	f := &typedFile{GoFile: output.NewGoFile(path.Join(p.typedPkg(v), "fake")), p: p, v: v, k: k}
	if k.generate {
		f.fakeClient()
	}
	return p.finish(f.GoFile, "fake")
}

func (f *typedFile) fakeClient() {
	t := f.self()
	P, PP, X := public(t), f.publicPlural(), f.v.prefix()
	tags := f.k.tags
	list := !tags.noVerbs && tags.has("list")
	apply := !tags.noVerbs && tags.has("apply") && f.p.ApplyConfigurations != ""

	clientType, typeArgs := f.gentype("FakeClient", list, apply)
	f.Printf("\n// fake%s implements %sInterface\ntype fake%s struct {\n\t*%s[%s]\n\tFake *Fake%s\n}\n", PP, P, PP, clientType, typeArgs, X)

	params, namespace := "", `""`
	if !tags.nonNamespaced {
		params, namespace = ", namespace string", "namespace"
	}
	f.Printf("\nfunc newFake%s(fake *Fake%s%s) %s {\n", PP, X, params, f.Qual(f.p.typedPkg(f.v), t.name.Name+"Interface"))
	f.Printf("\treturn &fake%s{\n", PP)
	newClient, newArgs := f.gentype("NewFakeClient", list, apply)
	f.Printf("\t\t%s[%s](\n\t\t\tfake.Fake,\n\t\t\t%s,\n", newClient, newArgs, namespace)
	gv := f.Qual(t.name.Package, "SchemeGroupVersion")
	f.Printf("\t\t\t%s.WithResource(\"%s\"),\n\t\t\t%s.WithKind(\"%s\"),\n", gv, f.k.resource, gv, P)
	T := f.R(t)
	f.Printf("\t\t\tfunc() *%s { return &%s{} },\n", T, T)
	if list {
		f.Printf("\t\t\tfunc() *%sList { return &%sList{} },\n", T, T)
		f.Printf("\t\t\tfunc(dst, src *%sList) { dst.ListMeta = src.ListMeta },\n", T)
		f.Printf("\t\t\tfunc(list *%sList) []*%s { return gentype.ToPointerSlice(list.Items) },\n", T, T)
		f.Printf("\t\t\tfunc(list *%sList, items []*%s) { list.Items = gentype.FromPointerSlice(items) },\n", T, T)
	}
	f.Printf("\t\t),\n\t\tfake,\n\t}\n}\n")

	if tags.noVerbs {
		return
	}
	for _, mt := range f.methods() {
		f.fakeMethod(mt)
	}
}

// invoke writes the call of the fake's reactors, with the namespaced or
// the cluster-scoped action, and the method's end. empty is what the
// namespaced action is given to fill.
func (f *typedFile) invoke(namespaced, clusterScoped, empty, result string) {
	if f.k.tags.nonNamespaced {
		f.Printf("\tobj, err := c.Fake.\n\t\tInvokes(%s, emptyResult)\n", clusterScoped)
	} else {
		f.Printf("\tobj, err := c.Fake.\n\t\tInvokes(%s, %s)\n\n", namespaced, empty)
	}
	f.Printf("\tif obj == nil {\n\t\treturn emptyResult, err\n\t}\n\treturn obj.(*%s), err\n}\n", result)
}

// action names the testing package's constructor of an action.
func (f *typedFile) action(name string) string { return f.Qual(testingPkg, name) }

// fakeMethod writes a +genclient:method of the fake.
func (f *typedFile) fakeMethod(mt method) {
	t := f.self()
	in, out := f.operands(mt)
	V, PP, sub, ns := mt.Name, f.publicPlural(), mt.Subresource != "", !f.k.tags.nonNamespaced
	tp, ip, rp := private(t), private(in), private(out)
	// pick names the namespaced or the cluster-scoped variant of an
	// action; only the one used is imported.
	pick := func(namespaced, clusterScoped string) (string, string) {
		if ns {
			return f.action(namespaced), ""
		}
		return "", f.action(clusterScoped)
	}
	switch mt.Verb {
	case "get":
		f.Printf("\n// %s takes name of the %s, and returns the corresponding %s object, and an error if there is any.\n", V, tp, rp)
		if sub {
			f.Printf("func (c *fake%s) %s(ctx %s, %sName string, options %s) (result *%s, err error) {\n", PP, V, f.ctx(), tp, f.meta("GetOptions"), f.R(out))
			f.Printf("\temptyResult := &%s{}\n", f.R(out))
			a, r := pick("NewGetSubresourceActionWithOptions", "NewRootGetSubresourceActionWithOptions")
			f.invoke(sprintf("%s(c.Resource(), c.Namespace(), \"%s\", %sName, options)", a, mt.Subresource, tp),
				sprintf("%s(c.Resource(), \"%s\", %sName, options)", r, mt.Subresource, tp), "emptyResult", f.R(out))
			return
		}
		f.Printf("func (c *fake%s) %s(ctx %s, name string, options %s) (result *%s, err error) {\n", PP, V, f.ctx(), f.meta("GetOptions"), f.R(out))
		f.Printf("\temptyResult := &%s{}\n", f.R(out))
		a, r := pick("NewGetActionWithOptions", "NewRootGetActionWithOptions")
		f.invoke(sprintf("%s(c.Resource(), c.Namespace(), name, options)", a),
			sprintf("%s(c.Resource(), name, options)", r), "emptyResult", f.R(out))
	case "list":
		// The fake lists the type itself, whatever result= says.
		f.Printf("\n// %s takes label and field selectors, and returns the list of %s that match those selectors.\n", V, PP)
		f.Printf("func (c *fake%s) %s(ctx %s, opts %s) (result *%sList, err error) {\n", PP, V, f.ctx(), f.meta("ListOptions"), f.R(t))
		f.Printf("\temptyResult := &%sList{}\n", f.R(t))
		a, r := pick("NewListActionWithOptions", "NewRootListActionWithOptions")
		f.invoke(sprintf("%s(c.Resource(), c.Kind(), c.Namespace(), opts)", a),
			sprintf("%s(c.Resource(), c.Kind(), opts)", r), "emptyResult", f.R(t)+"List")
	case "create", "update":
		what, opts := "creates it.  Returns", "CreateOptions"
		if mt.Verb == "update" {
			what, opts = "updates it. Returns", "UpdateOptions"
		}
		f.Printf("\n// %s takes the representation of a %s and %s the server's representation of the %s, and an error, if there is any.\n", V, ip, what, rp)
		if sub {
			f.Printf("func (c *fake%s) %s(ctx %s, %sName string, %s *%s, opts %s) (result *%s, err error) {\n", PP, V, f.ctx(), tp, ip, f.R(in), f.meta(opts), f.R(out))
		} else {
			f.Printf("func (c *fake%s) %s(ctx %s, %s *%s, opts %s) (result *%s, err error) {\n", PP, V, f.ctx(), ip, f.R(in), f.meta(opts), f.R(out))
		}
		f.Printf("\temptyResult := &%s{}\n", f.R(out))
		switch {
		case mt.Verb == "create" && sub:
			a, r := pick("NewCreateSubresourceActionWithOptions", "NewRootCreateSubresourceActionWithOptions")
			f.invoke(sprintf("%s(c.Resource(), %sName, \"%s\", c.Namespace(), %s, opts)", a, tp, mt.Subresource, ip),
				sprintf("%s(c.Resource(), %sName, \"%s\", %s, opts)", r, tp, mt.Subresource, ip), "emptyResult", f.R(out))
		case mt.Verb == "create":
			a, r := pick("NewCreateActionWithOptions", "NewRootCreateActionWithOptions")
			f.invoke(sprintf("%s(c.Resource(), c.Namespace(), %s, opts)", a, ip),
				sprintf("%s(c.Resource(), %s, opts)", r, ip), "emptyResult", f.R(out))
		case sub:
			// The namespaced action is given an empty input to fill, as
			// upstream's is.
			a, r := pick("NewUpdateSubresourceActionWithOptions", "NewRootUpdateSubresourceActionWithOptions")
			call := sprintf("%s(c.Resource(), \"%s\", c.Namespace(), %s, opts)", a, mt.Subresource, ip)
			fill := "emptyResult"
			if ns {
				fill = "&" + f.R(in) + "{}"
			}
			f.invoke(call, sprintf("%s(c.Resource(), \"%s\", %s, opts)", r, mt.Subresource, ip), fill, f.R(out))
		default:
			a, r := pick("NewUpdateActionWithOptions", "NewRootUpdateActionWithOptions")
			f.invoke(sprintf("%s(c.Resource(), c.Namespace(), %s, opts)", a, ip),
				sprintf("%s(c.Resource(), %s, opts)", r, ip), "emptyResult", f.R(out))
		}
	case "patch":
		f.Printf("\n// %s applies the patch and returns the patched %s.\n", V, rp)
		f.Printf("func (c *fake%s) %s(ctx %s, name string, pt %s, data []byte, opts %s, subresources ...string) (result *%s, err error) {\n",
			PP, V, f.ctx(), f.Qual(apiTypesPkg, "PatchType"), f.meta("PatchOptions"), f.R(out))
		f.Printf("\temptyResult := &%s{}\n", f.R(out))
		a, r := pick("NewPatchSubresourceActionWithOptions", "NewRootPatchSubresourceActionWithOptions")
		f.invoke(sprintf("%s(c.Resource(), c.Namespace(), name, pt, data, opts, subresources...)", a),
			sprintf("%s(c.Resource(), name, pt, data, opts, subresources...)", r), "emptyResult", f.R(out))
	case "apply":
		errorf := f.applyHead("fake"+PP, mt, in, out)
		f.Printf("\tdata, err := %s(%s)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", f.Qual("encoding/json", "Marshal"), ip)
		target, extra := "*name", ""
		if sub {
			target, extra = tp+"Name", sprintf(", \"%s\"", ip)
		} else {
			f.Printf("\tname := %s.Name\n\tif name == nil {\n\t\treturn nil, %s(\"%s.Name must be provided to %s\")\n\t}\n", ip, errorf, ip, V)
		}
		f.Printf("\temptyResult := &%s{}\n", f.R(out))
		a, r := pick("NewPatchSubresourceActionWithOptions", "NewRootPatchSubresourceActionWithOptions")
		patchType := func() string { return f.Qual(apiTypesPkg, "ApplyPatchType") }
		if ns {
			f.invoke(sprintf("%s(c.Resource(), c.Namespace(), %s, %s, data, opts.ToPatchOptions()%s)", a, target, patchType(), extra), "", "emptyResult", f.R(out))
		} else {
			f.invoke("", sprintf("%s(c.Resource(), %s, %s, data, opts.ToPatchOptions()%s)", r, target, patchType(), extra), "emptyResult", f.R(out))
		}
	}
}

// fakeGroupClient writes the fake client of a group version.
func (p *plan) fakeGroupClient(v *version) *output.GoFile {
	e := output.NewGoFile(path.Join(p.typedPkg(v), "fake"))
	real := p.typedPkg(v)
	base := strings.ToLower(path.Base(real))
	if len(v.kinds) > 0 {
		e.Import(base + ` "` + real + `"`)
	}
	if p.anyClient {
		X := v.prefix()
		e.Printf("\ntype Fake%s struct {\n\t*%s\n}\n", X, e.Qual(testingPkg, "Fake"))
		for _, k := range v.kinds {
			PP, P := p.plural.publicName(k.name), namer.IC(k.name.Name)
			if k.tags.nonNamespaced {
				e.Printf("\nfunc (c *Fake%s) %s() %s.%sInterface {\n\treturn newFake%s(c)\n}\n", X, PP, base, P, PP)
			} else {
				e.Printf("\nfunc (c *Fake%s) %s(namespace string) %s.%sInterface {\n\treturn newFake%s(c, namespace)\n}\n", X, PP, base, P, PP)
			}
		}
		e.Printf("\n// RESTClient returns a RESTClient that is used to communicate\n// with API server by this client implementation.\n")
		e.Printf("func (c *Fake%s) RESTClient() %s {\n\tvar ret *%s\n\treturn ret\n}\n", X, e.Qual(restPkg, "Interface"), e.Qual(restPkg, "RESTClient"))
	}
	return p.finish(e, "fake")
}
