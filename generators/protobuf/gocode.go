package protobuf

import (
	"errors"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/generators/protobuf/gogo"
)

// GogoCode is the GoCode of a run: generated.pb.go as gogo, upstream's
// rewrite and goimports leave it, from package gogo. It supports what
// Kubernetes runs, the rewritten form with gogo's packages dropped.
func GogoCode(idl *IDL) (map[string][]byte, error) {
	if !idl.Rewrite || !idl.DropGogoGo {
		return nil, errors.New("generated.pb.go is written only as rewritten, without gogo's packages (--skip-generated-rewrite=false, --drop-gogo-go=true)")
	}
	req := gogo.Request{Files: idl.PassOne, Optional: map[string][]string{}, Header: idl.Boilerplate, Conditional: idl.Conditional}
	for _, f := range idl.Files {
		if !f.Write {
			continue
		}
		req.Generate = append(req.Generate, f.Path())
		for name := range idl.Optional[f.Path()] {
			req.Optional[f.Path()] = append(req.Optional[f.Path()], name)
		}
		slices.Sort(req.Optional[f.Path()])
	}
	code, err := gogo.Generate(req)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(code))
	for path, data := range code {
		out[strings.TrimSuffix(path, ".pb.go")+".proto"] = data
	}
	return out, nil
}
