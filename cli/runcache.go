package cli

import (
	"bytes"
	"io"
	"time"

	"github.com/apigen-dev/apigen/cache"
)

// RunCache is the run cache (see package cache) for one command line.
// A nil *RunCache is a cache that is off: it replays nothing and stores
// nothing.
type RunCache struct {
	dir, key       string
	start          time.Time
	rec            cache.Record
	stdout, stderr bytes.Buffer
}

// OpenRunCache returns the run cache of args, or nil when APIGEN_CACHE=off.
// The session directory does not change what a run writes, so it is not
// part of the key.
func OpenRunCache(args []string) *RunCache {
	dir := cache.Dir()
	if dir == "" {
		return nil
	}
	return &RunCache{dir: dir, key: cache.Key(args, "--session"), start: time.Now()}
}

// Replay prints what the remembered run printed and reports true, if its
// inputs and outputs are all as it left them.
func (c *RunCache) Replay(stdout, stderr io.Writer) bool {
	return c != nil && cache.Replay(c.dir, c.key, stdout, stderr)
}

// Record is what the run is to fill in.
func (c *RunCache) Record() *cache.Record {
	if c == nil {
		return nil
	}
	return &c.rec
}

// Tee returns writers that also keep what the run prints.
func (c *RunCache) Tee(stdout, stderr io.Writer) (io.Writer, io.Writer) {
	if c == nil {
		return stdout, stderr
	}
	return io.MultiWriter(stdout, &c.stdout), io.MultiWriter(stderr, &c.stderr)
}

// Store remembers the run if it succeeded. A cache that cannot be written
// only costs the next run its speed.
func (c *RunCache) Store(code int) {
	if c == nil || code != 0 {
		return
	}
	cache.Store(c.dir, c.key, &c.rec, c.start, c.stdout.String(), c.stderr.String())
}
