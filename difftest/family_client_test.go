package difftest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/apigen-dev/apigen/difftest/gen"
)

// clientOut is where gen_client writes, below the module root.
const clientOut = "generated"

// clientTools are the tools gen_client runs, in its order.
var clientTools = []string{"applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen"}

// clientFamily is code-generator's client-gen, lister-gen, informer-gen
// and applyconfiguration-gen, as kube_codegen.sh's gen_client runs them
// with --with-applyconfig and --with-watch, after gen_helpers' deepcopy-gen
// and gen_register's register-gen (whose output the client code needs;
// it is not compared here).
var clientFamily = &family{
	name:     "client",
	dialect:  gen.Client,
	upstream: append([]string{"deepcopy-gen", "register-gen"}, clientTools...),
	ours:     "deepcopy-gen register-gen " + strings.Join(clientTools, " "),
	command:  clientCommand,
	outputs: func(dir string, a *gen.API) map[string][]byte {
		return seedShares(dir, clientOut, a.Root)
	},
	broken: func(r *runner, dir string, apis []*gen.API) map[int64]string {
		return clientBroken(r, dir, apis)
	},
	property: clientProperty,
	intended: func(*gen.API, string) string { return "" },
}

// clientCommand is gen_helpers' deepcopy-gen, gen_register's register-gen
// and gen_client's four tools, run in turn by a script in the tools'
// directory.
func clientCommand(r *runner, apis []*gen.API) (string, []string) {
	var pkgs, inputs []string
	for _, a := range apis {
		pkgs = append(pkgs, taggedPackages(a, `(?m)^package `)...)
		// Every version package: kube_codegen.sh's grep for +genclient
		// finds them all, unless a near miss misspells the only one.
		for _, p := range taggedPackages(a, `(?m)^package `) {
			if rel := strings.TrimPrefix(p, gen.Module+"/"); versionDir.MatchString(filepath.Base(rel)) {
				inputs = append(inputs, rel)
			}
		}
	}
	var versions []string
	for _, in := range inputs {
		versions = append(versions, gen.Module+"/"+in)
	}
	h, out, pkg := r.header, clientOut, gen.Module+"/"+clientOut
	args := append([]string{"deepcopy-gen", "--output-file", deepcopyFile, "--go-header-file", h}, pkgs...)
	args = append(append(args, ";", "register-gen", "--output-file", "zz_generated.register.go", "--go-header-file", h), versions...)
	args = append(args, ";", "applyconfiguration-gen", "--go-header-file", h, "--output-dir", out+"/applyconfiguration",
		"--output-pkg", pkg+"/applyconfiguration", "--external-applyconfigurations", "", "--openapi-schema", "")
	args = append(args, versions...)
	args = append(args, ";", "client-gen", "--go-header-file", h, "--output-dir", out+"/clientset", "--output-pkg", pkg+"/clientset",
		"--clientset-name", "versioned", "--apply-configuration-package", pkg+"/applyconfiguration",
		"--input-base", gen.Module, "--plural-exceptions", "", "--prefers-protobuf=false")
	for _, in := range inputs {
		args = append(args, "--input", in)
	}
	args = append(args, ";", "lister-gen", "--go-header-file", h, "--output-dir", out+"/listers", "--output-pkg", pkg+"/listers", "--plural-exceptions", "")
	args = append(args, versions...)
	args = append(args, ";", "informer-gen", "--go-header-file", h, "--output-dir", out+"/informers", "--output-pkg", pkg+"/informers",
		"--versioned-clientset-package", pkg+"/clientset/versioned", "--listers-package", pkg+"/listers", "--plural-exceptions", "")
	args = append(args, versions...)
	for _, dir := range []string{r.up, r.our} {
		if err := writeSteps(dir); err != nil {
			r.t.Fatal(err)
		}
	}
	return stepsScript, args
}

// versionDir is gen_client's test for a version package's directory.
var versionDir = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

const stepsScript = "steps.sh"

// steps runs the tools of its directory in turn, each with the arguments
// up to the next ";", and stops at the first that fails, as gen_client's
// set -e does.
const steps = `#!/bin/bash
d=$(dirname "$0"); cmd=()
for a in "$@" ";"; do
	if [ "$a" != ";" ]; then cmd+=("$a"); continue; fi
	"$d/${cmd[0]}" "${cmd[@]:1}" || exit $?
	cmd=()
done
`

// writeSteps writes the steps script into dir, once.
func writeSteps(dir string) error {
	p := filepath.Join(dir, stepsScript)
	if b, err := os.ReadFile(p); err == nil && string(b) == steps {
		return nil
	}
	f, err := os.CreateTemp(dir, stepsScript)
	if err != nil {
		return err
	}
	_, err = f.WriteString(steps)
	if err = cmpOr(err, f.Chmod(0o755), f.Close()); err != nil {
		return err
	}
	return os.Rename(f.Name(), p)
}

// seedOwns matches, in a path or a line of generated code, the names that
// root's packages give: its directory, group and Go group names.
func seedOwns(root string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^a-z0-9])(fuzz)?` + regexp.QuoteMeta(root) + `([^0-9]|$)`)
}

// seedShares are root's share of the files below dir/sub: whole files
// whose path names root, and, of the other files, the lines that name it;
// the rest of each file is kept under name+"#common" for every seed.
func seedShares(dir, sub, root string) map[string][]byte {
	re := seedOwns(root)
	out := map[string][]byte{}
	for name, b := range filesBelow(dir, sub, func(string) bool { return true }) {
		if re.MatchString(strings.TrimPrefix(name, sub)) {
			out[name] = b
			continue
		}
		var mine, common strings.Builder
		for _, l := range strings.SplitAfter(string(b), "\n") {
			if re.MatchString(l) {
				mine.WriteString(l)
			} else {
				common.WriteString(l)
			}
		}
		out[name] = []byte(mine.String())
		out[name+openapiCommonKey] = []byte(common.String())
	}
	return out
}

// clientBroken compiles apis' packages and the generated code, and gives
// each seed the errors in files its share holds; errors in no seed's
// files are every seed's.
func clientBroken(r *runner, dir string, apis []*gen.API) map[int64]string {
	broken := goBuild(dir, apis)
	out, err := execIn(dir, "go", "build", "./"+clientOut+"/...")
	if err == nil {
		return broken
	}
	mine := map[int64][]string{}
	var nobody []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, clientOut+"/") {
			continue
		}
		file, _, _ := strings.Cut(l, ":")
		owners := 0
		for _, a := range apis {
			if seedOwns(a.Root).MatchString(strings.TrimPrefix(file, clientOut)) {
				mine[a.Seed] = append(mine[a.Seed], l)
				owners++
			}
		}
		if owners == 0 {
			nobody = append(nobody, l)
		}
	}
	for _, a := range apis {
		if lines := append(mine[a.Seed], nobody...); broken[a.Seed] == "" && len(lines) > 0 {
			broken[a.Seed] = "the generated code does not compile:\n" + tail(strings.Join(lines, "\n"), 15)
		} else if broken[a.Seed] == "" && len(mine) == 0 && len(nobody) == 0 {
			broken[a.Seed] = "go build: " + tail(out, 15)
		}
	}
	return broken
}

// clientPropsDir holds the command that checks the generated clients.
const clientPropsDir = "clientprops"

// clientCheck creates an object of each kind through every typed client
// of the fake clientset that can create, gets it back, and lists it
// through its informer's lister once the informers have synced. It
// prints one line a problem: the client's group accessor, a tab, what
// went wrong.
const clientCheck = `package main

import (
	"context"
	"fmt"
	"reflect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"fuzz.example/generated/clientset/versioned/fake"
	"fuzz.example/generated/informers/externalversions"
)

var ctx = context.Background()

func main() {
	cs := fake.NewSimpleClientset()
	created := map[reflect.Type]string{} // kind -> the group accessor that made it
	each(reflect.ValueOf(cs), func(group string, gv reflect.Value, _ bool) {
		each(gv, func(kind string, client reflect.Value, namespaced bool) {
			if t, ok := createAndGet(group+"."+kind, client, namespaced); ok {
				created[t] = group + "." + kind
			}
		})
	})
	f := externalversions.NewSharedInformerFactory(cs, 0)
	var listers []reflect.Value
	each(reflect.ValueOf(f), func(group string, g reflect.Value, _ bool) {
		each(g, func(version string, v reflect.Value, _ bool) {
			each(v, func(kind string, inf reflect.Value, _ bool) {
				inf.MethodByName("Informer").Call(nil)
				listers = append(listers, inf.MethodByName("Lister").Call(nil)[0])
			})
		})
	})
	stop := make(chan struct{})
	f.Start(stop)
	for t, ok := range f.WaitForCacheSync(stop) {
		if !ok {
			fmt.Printf("informers\t%v did not sync\n", t)
		}
	}
	listed := map[reflect.Type]bool{}
	for _, l := range listers {
		out := l.MethodByName("List").Call([]reflect.Value{reflect.ValueOf(labels.Everything())})
		if !out[1].IsNil() {
			fmt.Printf("listers\t%v: %v\n", l.Type(), out[1].Interface())
			continue
		}
		items := out[0]
		t := items.Type().Elem().Elem()
		listed[t] = true
		if name := created[t]; name != "" && items.Len() != 1 {
			fmt.Printf("%s\tits lister lists %d objects, want the 1 created\n", name, items.Len())
		}
	}
	fmt.Printf("checked\t%d created, %d listed\n", len(created), len(listed))
	close(stop)
	f.Shutdown()
}

// each calls fn with what every accessor of v returns, by name: the
// methods of clientsets, groups, versions and factories that take nothing
// or a namespace and return one interface.
func each(v reflect.Value, fn func(name string, got reflect.Value, namespaced bool)) {
	for i := 0; i < v.NumMethod(); i++ {
		name, m := v.Type().Method(i).Name, v.Method(i)
		switch name {
		case "Discovery", "Tracker", "RESTClient", "Informer", "Lister", "InformerFor", "ForResource":
			continue
		}
		mt := m.Type()
		if mt.NumOut() != 1 || mt.Out(0).Kind() != reflect.Interface || mt.NumIn() > 1 || mt.NumIn() == 1 && mt.In(0).Kind() != reflect.String {
			continue
		}
		var args []reflect.Value
		if mt.NumIn() == 1 {
			args = append(args, reflect.ValueOf("ns"))
		}
		fn(name, m.Call(args)[0], len(args) == 1)
	}
}

// createAndGet creates an object through client, if it can, and gets it
// back; it returns the object's type.
func createAndGet(name string, client reflect.Value, namespaced bool) (reflect.Type, bool) {
	create := client.MethodByName("Create")
	if !create.IsValid() || create.Type().NumIn() != 3 {
		return nil, false
	}
	t := create.Type().In(1).Elem()
	obj := reflect.New(t)
	o, ok := obj.Interface().(metav1.Object)
	if !ok {
		return nil, false
	}
	o.SetName("one")
	if namespaced {
		o.SetNamespace("ns")
	}
	out := create.Call([]reflect.Value{reflect.ValueOf(ctx), obj, reflect.ValueOf(metav1.CreateOptions{})})
	if !out[1].IsNil() {
		fmt.Printf("%s\tcreate: %v\n", name, out[1].Interface())
		return nil, false
	}
	if get := client.MethodByName("Get"); get.IsValid() {
		out = get.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf("one"), reflect.ValueOf(metav1.GetOptions{})})
		if !out[1].IsNil() {
			fmt.Printf("%s\tget: %v\n", name, out[1].Interface())
		} else if got := out[0].Interface().(metav1.Object); got.GetName() != "one" {
			fmt.Printf("%s\tget returns %q, want \"one\"\n", name, got.GetName())
		}
	}
	return t, true
}
`

// clientProperty runs clientCheck over the generated clientset and
// informers, and gives each seed the problems of its groups.
func clientProperty(r *runner, dir string, apis []*gen.API) map[int64]string {
	problems := map[int64]string{}
	fail := func(msg string) map[int64]string {
		for _, a := range apis {
			problems[a.Seed] = msg
		}
		return problems
	}
	if err := writeFiles(dir, map[string][]byte{clientPropsDir + "/main.go": []byte(clientCheck)}); err != nil {
		return fail(err.Error())
	}
	out, err := execIn(dir, "go", "run", "./"+clientPropsDir)
	if err != nil {
		return fail("the client checks: " + tail(out, 20))
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		who, what, ok := strings.Cut(l, "\t")
		if !ok || who == "checked" {
			continue
		}
		owned := false
		for _, a := range apis {
			if seedOwns(a.Root).MatchString(who) {
				problems[a.Seed] += what + "\n"
				owned = true
			}
		}
		if !owned {
			for _, a := range apis {
				problems[a.Seed] += who + ": " + what + "\n"
			}
		}
	}
	return problems
}
