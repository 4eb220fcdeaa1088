package engine

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/apigen-dev/apigen/cache"
)

// A session directory lets several apigen processes of one script share a
// load. The process that loads keeps serving, over a unix socket in the
// directory, until no request has come for a while; the next process asks
// it to run instead of loading again. Anything the server cannot serve
// exactly, the asking process runs itself.

const socketName = "apigen.sock"

// Handler runs one request's arguments, writing what the run prints, and
// returns its exit status and whether it could be served from the load.
type Handler func(args []string, stdout, stderr io.Writer) (code int, served bool)

type request struct {
	Args   []string `json:"args"`
	Cwd    string   `json:"cwd"`
	Binary string   `json:"binary"` // see cache.BinaryIdentity
	Env    []string `json:"env"`    // see cache.LoadEnv
}

// newRequest is a request to run args as this process would.
func newRequest(args []string) request {
	cwd, _ := os.Getwd()
	return request{Args: args, Cwd: cwd, Binary: cache.BinaryIdentity(), Env: cache.LoadEnv()}
}

// servable reports whether a server that was started as this process
// would be can run req exactly: the same working directory, the same
// apigen binary, and the same environment for go list.
func (req request) servable(self request) bool {
	return req.Cwd == self.Cwd && req.Binary == self.Binary && slices.Equal(req.Env, self.Env)
}

// reply is one line of the answer: output, or the final status.
type reply struct {
	Stream string `json:"stream,omitempty"` // "stdout" or "stderr"
	Data   string `json:"data,omitempty"`
	Done   bool   `json:"done,omitempty"`
	Code   int    `json:"code,omitempty"`
	Served bool   `json:"served,omitempty"`
}

// Call asks the server of a session directory to run args. It reports
// whether the server ran them; if not, the caller runs them itself.
func Call(session string, args []string, stdout, stderr io.Writer) (int, bool) {
	if private(session) != nil {
		return 0, false
	}
	conn, err := net.Dial("unix", filepath.Join(session, socketName))
	if err != nil {
		return 0, false
	}
	defer conn.Close()
	if err := json.NewEncoder(conn).Encode(newRequest(args)); err != nil {
		return 0, false
	}
	dec := json.NewDecoder(bufio.NewReader(conn))
	for {
		var r reply
		if err := dec.Decode(&r); err != nil {
			return 0, false
		}
		switch {
		case r.Done:
			return r.Code, r.Served
		case r.Stream == "stdout":
			io.WriteString(stdout, r.Data)
		case r.Stream == "stderr":
			io.WriteString(stderr, r.Data)
		}
	}
}

// Serve answers requests on the session directory's socket, one at a time,
// until none has come for idle, and then removes the directory: a script
// makes it again if it needs one. It does nothing, and leaves the directory
// to its server, if another process serves it already. It refuses a
// directory that other users can reach.
func Serve(session string, idle time.Duration, handle Handler) error {
	if err := private(session); err != nil {
		return err
	}
	path := filepath.Join(session, socketName)
	if conn, err := net.Dial("unix", path); err == nil {
		conn.Close()
		return nil
	}
	os.Remove(path) // a killed server's socket, which nobody answers on
	l, err := net.Listen("unix", path)
	if err != nil {
		return err
	}
	defer os.RemoveAll(session)
	defer l.Close()
	self := newRequest(nil)
	ul := l.(*net.UnixListener)
	for {
		ul.SetDeadline(time.Now().Add(idle))
		conn, err := ul.Accept()
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil
		}
		if err != nil {
			return err
		}
		serveOne(conn, self, handle)
	}
}

func serveOne(conn net.Conn, self request, handle Handler) {
	defer conn.Close()
	var req request
	if err := json.NewDecoder(conn).Decode(&req); err != nil {
		return
	}
	enc := json.NewEncoder(conn)
	if !req.servable(self) {
		enc.Encode(reply{Done: true})
		return
	}
	code, served := handle(req.Args, streamWriter{enc, "stdout"}, streamWriter{enc, "stderr"})
	enc.Encode(reply{Done: true, Code: code, Served: served})
}

// streamWriter sends what a run writes to the caller.
type streamWriter struct {
	enc    *json.Encoder
	stream string
}

func (w streamWriter) Write(p []byte) (int, error) {
	if err := w.enc.Encode(reply{Stream: w.stream, Data: string(p)}); err != nil {
		return 0, err
	}
	return len(p), nil
}
