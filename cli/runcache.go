package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"time"

	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/internal/servercheck"
)

// RunCache is the run cache (see package cache) for one command line.
// A nil *RunCache is a cache that is off: it replays nothing and stores
// nothing.
type RunCache struct {
	dir, key       string
	verify         bool     // --verify-only
	args           []string // without --verify-only
	paths, before  []string // the files the arguments name, and their sums, before the run
	start          time.Time
	notRun         int64 // servercheck.NotRun() when the run began
	rec            cache.Record
	stdout, stderr bytes.Buffer
}

// ignored are the flags that do not change what a run writes: the session
// directory.
var ignored = []string{"--session"}

// OpenRunCache returns the run cache of args, or nil when APIGEN_CACHE=off,
// APIGEN_RUNCACHE=off (the type and graph caches stay on) or the run
// cannot be cached.
func OpenRunCache(args []string) *RunCache {
	dir := cache.Dir()
	if dir == "" || os.Getenv("APIGEN_RUNCACHE") == "off" {
		return nil
	}
	args, verify := withoutVerify(args)
	read := cache.ReadArgs(args, ignored...)
	key := runKey(read.Key(), verify)
	if key == "" {
		return nil
	}
	return &RunCache{dir: dir, key: key, verify: verify, args: args, paths: read.Paths, before: read.Sums, start: time.Now(), notRun: servercheck.NotRun()}
}

// withoutVerify returns args without --verify-only, and whether it was
// set, so that a run and its verifying form share their key but for the
// mode.
func withoutVerify(args []string) ([]string, bool) {
	var rest []string
	verify := false
	for _, a := range args {
		switch a {
		case "--verify-only", "--verify-only=true":
			verify = true
		case "--verify-only=false":
			verify = false
		default:
			rest = append(rest, a)
		}
	}
	return rest, verify
}

// runKey is the key of a run whose arguments have key argsKey.
func runKey(argsKey string, verify bool) string {
	if argsKey == "" || !verify {
		return argsKey
	}
	sum := sha256.Sum256([]byte(argsKey + "\n--verify-only"))
	return hex.EncodeToString(sum[:])
}

// Replay prints what the remembered run printed and reports true, if its
// inputs and outputs are all as it left them. When they are not, the
// record may get the plan of a run that redoes only the packages a
// change reaches (see cache.Plan). Outputs deleted since are written
// again, unless the run only verifies.
func (c *RunCache) Replay(stdout, stderr io.Writer) bool {
	return c != nil && cache.ReplayOrPlan(c.dir, c.key, c.paths, stdout, stderr, &c.rec, !c.verify)
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
//
// A file a flag names counts by its bytes, and the run may have written it
// (openapi-gen's report). The run is stored under the key of what it left,
// and, when it only made files that were absent or empty before (a report
// file from mktemp), also under the key it began with: a replay then
// writes them again.
//
// A run during which the API server's checks could not run is not
// stored: its replay would skip them again where a checker may now run.
func (c *RunCache) Store(code int) {
	if c == nil || code != 0 || servercheck.NotRun() != c.notRun {
		return
	}
	after := cache.ReadArgs(c.args, ignored...)
	onlyMade := c.rec.Made(after, c.before)
	out, errs := c.stdout.String(), c.stderr.String()
	key := runKey(after.Key(), c.verify)
	var keys []string
	if key != "" {
		keys = append(keys, key)
	}
	if key != c.key && onlyMade {
		keys = append(keys, c.key)
	}
	// A run that succeeded left the tree as its verifying form finds it,
	// which then passes and prints the same, unless a replay would have
	// to make a file the arguments name: a verifying run writes nothing.
	if !c.verify && key != "" && !c.rec.MadeAny() {
		keys = append(keys, runKey(after.Key(), true))
	}
	cache.Store(c.dir, keys, &c.rec, c.start, out, errs)
}
