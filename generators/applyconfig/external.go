package applyconfig

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"
)

// DefaultExternal are the apply configurations every run knows without
// being told: those client-go has for meta/v1's types. Like upstream, a
// run may not name them again in --external-applyconfigurations.
func DefaultExternal() map[types.Name]string {
	out := map[types.Name]string{}
	for _, n := range []string{"Condition", "DeleteOptions", "LabelSelector", "LabelSelectorRequirement",
		"ManagedFieldsEntry", "ObjectMeta", "OwnerReference", "TypeMeta"} {
		out[types.Name{Package: metaV1, Name: n}] = clientMeta
	}
	return out
}

// ExternalFlag is the value of --external-applyconfigurations, a
// pflag.Value: CSV items, each
// <type-package>.<type-name>:<applyconfiguration-package>, added to Map.
// The flag may repeat; a type may be given once.
type ExternalFlag struct {
	Map map[types.Name]string // starts as DefaultExternal()
}

// NewExternalFlag returns the flag's value holding the defaults.
func NewExternalFlag() *ExternalFlag { return &ExternalFlag{Map: DefaultExternal()} }

func (e *ExternalFlag) Set(value string) error {
	if value == "" {
		return nil
	}
	items, err := csv.NewReader(strings.NewReader(value)).Read()
	if err != nil {
		return err
	}
	for _, item := range items {
		typ, pkg, ok := strings.Cut(item, ":")
		if !ok || strings.Contains(pkg, ":") {
			return fmt.Errorf("expected string of the form <package>.<typeName>:<applyconfiguration-package> but got %s", item)
		}
		dot := strings.LastIndex(typ, ".")
		if dot < 0 || dot == len(typ)-1 {
			return fmt.Errorf("expected package and type of the form <package>.<typeName> but got %s", typ)
		}
		n := types.Name{Package: typ[:dot], Name: typ[dot+1:]}
		if _, dup := e.Map[n]; dup {
			return fmt.Errorf("duplicate type found in --external-applyconfigurations: %v", n)
		}
		e.Map[n] = pkg
	}
	return nil
}

func (e *ExternalFlag) Type() string { return "string" }

// String lists the entries given beyond the defaults, as the flag takes
// them.
func (e *ExternalFlag) String() string {
	defaults := DefaultExternal()
	var items []string
	for _, n := range slices.SortedFunc(maps.Keys(e.Map), func(a, b types.Name) int { return strings.Compare(a.String(), b.String()) }) {
		if _, known := defaults[n]; !known {
			items = append(items, n.Package+"."+n.Name+":"+e.Map[n])
		}
	}
	if len(items) == 0 {
		return ""
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(items)
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}
