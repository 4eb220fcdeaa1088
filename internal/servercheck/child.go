package servercheck

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// child is a running checker process. Requests from many goroutines
// share it; a reader goroutine hands each response to its caller.
type child struct {
	path string
	cmd  *exec.Cmd
	in   io.WriteCloser

	write sync.Mutex // one request on the pipe at a time

	mu      sync.Mutex // guards what follows
	next    uint64
	pending map[uint64]chan response
	err     error // why the child can take no more requests
}

// start runs the checker at path and waits for its hello.
func start(path string) (*child, error) {
	cmd := exec.Command(path)
	cmd.Stderr = stderr{}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the checker: %v", err)
	}
	dec := json.NewDecoder(bufio.NewReader(out))
	var h hello
	if err := dec.Decode(&h); err != nil || h.Protocol != protocol {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
		if err != nil {
			return nil, fmt.Errorf("the checker %s did not start: %v", path, err)
		}
		return nil, fmt.Errorf("the checker %s is from another apigen (protocol %d, want %d)", path, h.Protocol, protocol)
	}
	c := &child{path: path, cmd: cmd, in: in, pending: map[uint64]chan response{}}
	go c.read(dec)
	return c, nil
}

// stderr passes the child's stderr on to this process's, as it is at each
// write. Handing the child our descriptor would let it hold the caller's
// pipe open after a session server has let go of it (engine.Detach).
type stderr struct{}

func (stderr) Write(p []byte) (int, error) { return os.Stderr.Write(p) }

// read hands out responses until the child's output ends.
func (c *child) read(dec *json.Decoder) {
	for {
		var r response
		if err := dec.Decode(&r); err != nil {
			werr := c.cmd.Wait()
			if werr == nil {
				werr = err
			}
			c.fail(fmt.Errorf("the checker %s stopped: %v", c.path, werr))
			return
		}
		c.mu.Lock()
		ch := c.pending[r.ID]
		delete(c.pending, r.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

// fail answers every waiting request with err, and every later one.
func (c *child) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
	}
	for id, ch := range c.pending {
		ch <- response{ID: id, Err: c.err.Error()}
		delete(c.pending, id)
	}
}

// call sends req and waits for its response.
func (c *child) call(req request) (response, error) {
	ch := make(chan response, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return response{}, c.err
	}
	c.next++
	req.ID = c.next
	c.pending[req.ID] = ch
	c.mu.Unlock()

	data, err := json.Marshal(req)
	if err != nil {
		c.drop(req.ID)
		return response{}, err
	}
	c.write.Lock()
	_, err = c.in.Write(append(data, '\n'))
	c.write.Unlock()
	if err != nil {
		c.fail(fmt.Errorf("the checker %s: %v", c.path, err))
	}
	r := <-ch
	if r.Err != "" {
		return r, errors.New(r.Err)
	}
	return r, nil
}

func (c *child) drop(id uint64) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
}

func (c *child) cel(root string, defs map[string]spec.Schema, opts Options) ([]Problem, error) {
	r, err := c.call(request{CEL: &celRequest{Root: root, Defs: defs, Options: opts}})
	return r.Problems, err
}

func (c *child) crd(crd *apiextv1.CustomResourceDefinition) (field.ErrorList, error) {
	r, err := c.call(request{CRD: crd})
	return decodeErrors(r.Errors), err
}

// close ends the child: its input ends, so it finishes and exits.
func (c *child) close() {
	c.in.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = errors.New("the checker was closed")
	}
}
