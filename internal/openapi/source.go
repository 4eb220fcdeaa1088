package openapi

import (
	"go/ast"
	"go/token"
	gotypes "go/types"
	"sync"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// source finds the comment lines, with their positions, above the types
// and fields the generator reads. The model parses markers only for the
// packages it read in full; the fields of other packages that a schema
// inlines (metav1.TypeMeta's, say) have their markers parsed here, with the
// same registry, and so do the +k8s:validation: lines of every field.
type source struct {
	m   *model.Model
	reg *markers.Registry

	files   map[string]*ast.File // every loaded file, by name
	targets map[string]bool      // the import paths of the model's packages

	mu       sync.Mutex
	byLine   map[string]map[int]*ast.CommentGroup // file -> line a group ends on -> group
	fieldSet map[*types.Type][]markers.Set        // markers of fields of types the model did not read
}

func newSource(m *model.Model, reg *markers.Registry) *source {
	s := &source{
		m:        m,
		reg:      reg,
		files:    map[string]*ast.File{},
		targets:  map[string]bool{},
		byLine:   map[string]map[int]*ast.CommentGroup{},
		fieldSet: map[*types.Type][]markers.Set{},
	}
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		for _, f := range p.Syntax {
			s.files[m.Fset.Position(f.FileStart).Filename] = f
		}
		for _, imp := range p.Imports {
			visit(imp)
		}
	}
	for _, p := range m.Packages {
		s.targets[p.Path] = true
		visit(p.Source)
	}
	return s
}

// commented reports whether upstream knows the comments of t: it reads
// those of the packages it generates for, and no others. (The model may
// have read more packages, for other generators.)
func (s *source) commented(t *types.Type) bool {
	return s.targets[t.Name.Package] && s.m.Declared(t)
}

// groupAbove returns the comment group that ends on the line above pos.
func (s *source) groupAbove(pos token.Position) *ast.CommentGroup {
	if !pos.IsValid() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	idx, ok := s.byLine[pos.Filename]
	if !ok {
		idx = map[int]*ast.CommentGroup{}
		if f := s.files[pos.Filename]; f != nil {
			for _, c := range f.Comments {
				idx[s.m.Fset.Position(c.End()).Line] = c
			}
		}
		s.byLine[pos.Filename] = idx
	}
	return idx[pos.Line-1]
}

// fieldPos returns where field i of struct t is declared.
func (s *source) fieldPos(t *types.Type, i int) token.Position {
	if s.m.Declared(t) {
		return s.m.FieldPosition(t, i)
	}
	if t.GoType == nil {
		return token.Position{}
	}
	st, ok := t.GoType.Underlying().(*gotypes.Struct)
	if !ok || i >= st.NumFields() {
		return token.Position{}
	}
	return s.m.Fset.Position(st.Field(i).Pos())
}

// typeLines returns the lines of t's doc comment, the lines upstream
// reads as t's comments. Types of packages the model did not read have
// none, as in gengo.
func (s *source) typeLines(t *types.Type) []markers.Line {
	if !s.commented(t) {
		return nil
	}
	return markers.CommentLines(s.m.Fset, s.groupAbove(s.m.Position(t)))
}

// fieldLines returns the lines of the doc comment of field i of struct t.
func (s *source) fieldLines(t *types.Type, i int) []markers.Line {
	return markers.CommentLines(s.m.Fset, s.groupAbove(s.fieldPos(t, i)))
}

// typeMarkers returns the registry's markers in t's doc comment.
func (s *source) typeMarkers(t *types.Type) markers.Set {
	if !s.commented(t) {
		return nil
	}
	return s.m.DocMarkers(t)
}

// fieldMarkers returns the registry's markers above field i of struct t.
// Problems in packages the model did not read are not this run's to
// report, so they are dropped.
func (s *source) fieldMarkers(t *types.Type, i int) markers.Set {
	if s.m.Declared(t) {
		return s.m.FieldMarkers(t, i)
	}
	s.mu.Lock()
	sets, ok := s.fieldSet[t]
	s.mu.Unlock()
	if !ok {
		sets = make([]markers.Set, len(t.Members))
		var ignored diag.List
		for j := range t.Members {
			sets[j] = s.reg.Parse(s.fieldLines(t, j), markers.Field, &ignored)
		}
		s.mu.Lock()
		s.fieldSet[t] = sets
		s.mu.Unlock()
	}
	if i < len(sets) {
		return sets[i]
	}
	return nil
}
