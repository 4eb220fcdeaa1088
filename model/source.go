package model

import (
	"fmt"
	"go/token"
	"os"
)

// Source returns the bytes of a Go file the load parsed, for a generator
// that rewrites hand-written sources (go-to-protobuf adds struct tags).
// The load keeps no file contents, so the file is read again; it is an
// error if its size changed since the load.
func (m *Model) Source(filename string) ([]byte, error) {
	var loaded *token.File
	m.Fset.Iterate(func(f *token.File) bool {
		if f.Name() == filename {
			loaded = f
		}
		return loaded == nil
	})
	if loaded == nil {
		return nil, fmt.Errorf("%s was not loaded", filename)
	}
	src, err := os.ReadFile(filename)
	if err != nil {
		return nil, err
	}
	if len(src) != loaded.Size() {
		return nil, fmt.Errorf("%s changed since it was loaded", filename)
	}
	return src, nil
}
