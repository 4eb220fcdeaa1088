package servercheck

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The child speaks JSON values, one after another: first a hello on its
// stdout, then, for each request read from its stdin, a response with the
// request's ID, in any order (requests run concurrently).

// protocol changes whenever the messages below do, so that a checker
// from another build of apigen is refused rather than misread.
const protocol = 1

type hello struct {
	Protocol int
}

type request struct {
	ID  uint64
	CEL *celRequest                        `json:",omitempty"`
	CRD *apiextv1.CustomResourceDefinition `json:",omitempty"`
}

type celRequest struct {
	Root    string
	Defs    map[string]spec.Schema
	Options Options
}

// response answers one request: Problems a CEL request, Errors a CRD
// request; Err says why it could not be answered.
type response struct {
	ID       uint64
	Problems []Problem
	Errors   []wireError
	Err      string `json:",omitempty"`
}

// wireError is a field.Error: everything its Error method prints, and
// its Origin.
type wireError struct {
	Type   field.ErrorType
	Field  string
	Value  wireValue
	Detail string
	Origin string `json:",omitempty"`
}

// wireValue is a field.Error's BadValue: a string or nil as it is, the
// value that says "omitted", and anything else as the text the error
// prints for it.
type wireValue struct {
	Kind string // "nil", "string", "omitted" or "text"
	Text string `json:",omitempty"`
}

func encodeErrors(errs field.ErrorList) []wireError {
	if errs == nil {
		return nil
	}
	out := make([]wireError, len(errs))
	for i, e := range errs {
		out[i] = wireError{Type: e.Type, Field: e.Field, Value: encodeValue(e.BadValue), Detail: e.Detail, Origin: e.Origin}
	}
	return out
}

func decodeErrors(in []wireError) field.ErrorList {
	if in == nil {
		return nil
	}
	out := make(field.ErrorList, len(in))
	for i, w := range in {
		out[i] = &field.Error{Type: w.Type, Field: w.Field, BadValue: w.Value.decode(), Detail: w.Detail, Origin: w.Origin}
	}
	return out
}

func encodeValue(v any) wireValue {
	switch v := v.(type) {
	case nil:
		return wireValue{Kind: "nil"}
	case string:
		return wireValue{Kind: "string", Text: v}
	case field.OmitValueType:
		return wireValue{Kind: "omitted"}
	}
	// The text an "Invalid value" error prints after its type.
	e := field.Error{Type: field.ErrorTypeInvalid, BadValue: v}
	return wireValue{Kind: "text", Text: strings.TrimPrefix(e.ErrorBody(), field.ErrorTypeInvalid.String()+": ")}
}

func (w wireValue) decode() any {
	switch w.Kind {
	case "string":
		return w.Text
	case "omitted":
		return field.OmitValueType{}
	case "text":
		return shownValue(w.Text)
	}
	return nil
}

// shownValue is a BadValue that crossed from the child as the text its
// error printed there. field.Error prints a value through its JSON if it
// has one, else through its String method: the JSON fails, so the error
// prints the text as it is.
type shownValue string

var errShown = errors.New("a value shown as text has no JSON form")

func (v shownValue) String() string { return string(v) }

func (v shownValue) MarshalJSON() ([]byte, error) { return nil, errShown }

// Serve answers requests from in on out, with the checks linked into this
// binary, until in ends. It is cmd/apigen-check's main loop.
func Serve(in io.Reader, out io.Writer) error {
	impl := linked.Load()
	if impl == nil {
		return errors.New("no checks are linked into this binary (import internal/cel)")
	}
	var mu sync.Mutex
	enc := json.NewEncoder(out)
	send := func(v any) error {
		mu.Lock()
		defer mu.Unlock()
		return enc.Encode(v)
	}
	if err := send(hello{Protocol: protocol}); err != nil {
		return err
	}
	dec := json.NewDecoder(bufio.NewReader(in))
	busy := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		busy <- struct{}{}
		wg.Go(func() {
			defer func() { <-busy }()
			send(answer(impl, &req)) // a failed write means apigen is gone; in ends next
		})
	}
}

// answer runs one request; a panic in the checks answers it with an error.
func answer(impl *Impl, req *request) (resp response) {
	resp.ID = req.ID
	defer func() {
		if r := recover(); r != nil {
			resp = response{ID: req.ID, Err: fmt.Sprintf("the checks panicked: %v", r)}
		}
	}()
	switch {
	case req.CEL != nil:
		resp.Problems = impl.CEL(req.CEL.Root, req.CEL.Defs, req.CEL.Options)
	case req.CRD != nil:
		resp.Errors = encodeErrors(impl.CRD(req.CRD))
	default:
		resp.Err = "empty request"
	}
	return resp
}
