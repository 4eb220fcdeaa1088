// Package cache remembers successful runs, so that a run whose inputs and
// outputs are all as a remembered run left them does nothing: it prints
// what that run printed and exits 0, without loading a package.
//
// An entry is keyed by what decides a run besides the files it reads: the
// apigen binary, the command line (a file a flag names counts by its
// bytes), the working directory and the go environment. It records every
// input file (size, modification time, SHA-256), every directory whose
// entries the run depended on, every output file and every owned path that
// must not exist. An entry is used only if all of these still hold. An
// entry is a JSON document followed by its own SHA-256: a corrupt entry is
// ignored and removed, never trusted.
//
// An entry that no longer holds may still spare a run most of its work:
// see Plan.
//
// A run whose arguments name a pipe (a shell's <(command)) is never
// cached: its bytes cannot be known beforehand. A file a flag names that
// the run fills, such as a report file made empty by mktemp, is written
// again by a replay.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/apigen-dev/apigen/cache/blob"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/output"
)

// Record collects, during a run, what the run depended on and produced.
// Its methods may be called concurrently, and on a nil Record.
type Record struct {
	mu       sync.Mutex
	inputs   map[string]bool    // files whose bytes the run read
	dirs     map[string]bool    // directories whose entries the run depended on
	trees    map[string]bool    // directories whose whole subtree the run depended on
	outTrees map[string]bool    // trees the run wrote in (see OutputTrees)
	outputs  map[string]bool    // files the run wrote, or found up to date
	absent   map[string]bool    // paths the run owns that must not exist
	watch    map[string]bool    // generated file names that matter in a directory
	loaded   time.Time          // when the load the run used was made, if before the run
	made     map[int]string     // files named by arguments that the run made, by argument
	pkgs     map[string]Package // the packages the run generated for, by directory
	local    bool               // every generator is local (see SetLocal)
	plan     *Plan              // how the run may redo only part of a remembered run
	narrowed bool               // the run followed plan
	known    map[string]stamp   // the remembered run's stamps, by path: a file whose state is unchanged is not read again
	restored map[string]string  // outputs of the remembered run written again before this one, with their sums
}

func (r *Record) add(set *map[string]bool, paths []string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if *set == nil {
		*set = map[string]bool{}
	}
	for _, p := range paths {
		if p != "" {
			if abs, err := filepath.Abs(p); err == nil {
				(*set)[abs] = true
			}
		}
	}
}

// Inputs adds files whose bytes the run read.
func (r *Record) Inputs(paths ...string) { r.add(&r.inputs, paths) }

// Dirs adds directories whose list of entries the run depended on.
func (r *Record) Dirs(paths ...string) { r.add(&r.dirs, paths) }

// Trees adds directories whose every subdirectory the run depended on.
func (r *Record) Trees(paths ...string) { r.add(&r.trees, paths) }

// OutputTrees adds trees a run writes in, whose every Go file may be one
// it owns, as client-gen owns the files that carry its name.
func (r *Record) OutputTrees(paths ...string) { r.add(&r.outTrees, paths) }

// Outputs adds files the run wrote or found up to date.
func (r *Record) Outputs(paths ...string) { r.add(&r.outputs, paths) }

// Absent adds paths the run owns that must not exist.
func (r *Record) Absent(paths ...string) { r.add(&r.absent, paths) }

// Loaded tells the record that the run used a load made at t, before the
// run began, as a session's served runs do. A hand-written input changed
// since t may have been read in either version, so the run is not stored.
func (r *Record) Loaded(t time.Time) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.loaded = t
}

// Watch adds names of generated files whose appearance in a directory
// matters to the run: those it writes or would remove. Other generated
// files, such as another generator's, do not.
func (r *Record) Watch(names ...string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.watch == nil {
		r.watch = map[string]bool{}
	}
	for _, n := range names {
		r.watch[n] = true
	}
}

// entry is what the cache stores for a run.
type entry struct {
	Made    map[int]string // see Record.Made
	Watch   []string
	Inputs  []stamp
	Dirs    []dirStamp
	Outputs []stamp
	Absent  []string
	Stdout  string
	Stderr  string
	// Packages and Local let a run whose entry no longer holds redo only
	// the packages a change reaches (see Plan).
	Packages map[string]Package `json:",omitempty"`
	Local    bool               `json:",omitempty"`
}

// stamp is a file's state. Sum is its SHA-256; a file whose size,
// modification time and inode change time (see changeStamp) are unchanged
// is taken to have it still.
type stamp struct {
	Path   string
	Size   int64
	MTime  int64
	Change string
	Sum    string
	Gen    bool `json:",omitempty"` // the file is generated (see Generated)
}

// dirStamp is a directory's entries that matter (see relevant).
type dirStamp struct {
	Path  string
	MTime int64
	All   bool // every Go file's name counts (see OutputTrees)
	Names []string
}

// Dir is the directory of run entries: $APIGEN_CACHE/runs, or apigen/runs
// below the user's cache directory. It is "" when APIGEN_CACHE=off.
func Dir() string {
	root := blob.Root()
	if root == "" {
		return ""
	}
	return filepath.Join(root, "runs")
}

// maxEntries bounds the run cache; beyond it, the least recently used go.
const maxEntries = 256

// Args is a command line as the cache reads it: each argument, the file
// it may name, and that file's SHA-256 ("" if it is no regular file).
// Each file is read once.
type Args struct {
	list        []arg
	Paths, Sums []string
}

// ReadArgs reads args, leaving out the ignored flags (the session
// directory) and their values.
func ReadArgs(args []string, ignored ...string) Args {
	a := Args{list: readArgs(args, ignored)}
	for _, x := range a.list {
		sum, _ := fileSum(x.path)
		a.Paths, a.Sums = append(a.Paths, x.path), append(a.Sums, sum)
	}
	return a
}

// Key is ReadArgs(args, ignored...).Key().
func Key(args []string, ignored ...string) string { return ReadArgs(args, ignored...).Key() }

// Key names a run of the apigen binary with these arguments in the
// working directory. A flag value that names a file counts by the file's
// bytes. Key is "" for a run that must not be cached: one whose arguments
// name a pipe or a device, such as the /dev/fd/63 of a shell's
// <(command), whose bytes only the run itself can read.
func (a Args) Key() string {
	h := sha256.New()
	cwd, _ := os.Getwd()
	fmt.Fprintf(h, "apigen run cache v2\n%s\n%s\n%s\n", BinaryIdentity(), cwd, goIdentity())
	for _, kv := range LoadEnv() {
		fmt.Fprintf(h, "env %s\n", kv)
	}
	if sum, ok := fileSum(goEnvFile()); ok {
		fmt.Fprintf(h, "go env file %s\n", sum) // settings of go env -w
	}
	fmt.Fprintf(h, "year %d\n", time.Now().UTC().Year()) // a header's "YEAR"
	for i, x := range a.list {
		if special(x.path) {
			return ""
		}
		if a.Sums[i] != "" {
			fmt.Fprintf(h, "arg %s file %s\n", x.flag, a.Sums[i]) // where the file is does not matter
			continue
		}
		fmt.Fprintf(h, "arg %q\n", x.raw)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// arg is one argument as Key reads it: as given, the flag it is the
// value of when written as --flag=value, and the file it would name.
type arg struct {
	raw, flag, path string
}

// readArgs reads args, leaving out the ignored flags and their values.
// Relative paths are below the -C directory, as the command reads them,
// wherever -C stands.
func readArgs(args, ignored []string) []arg {
	var out []arg
	dir := chdir(args)
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a, "=")
		if slices.Contains(ignored, name) {
			if !hasValue {
				i++
			}
			continue
		}
		if !hasValue {
			name, value = "", a
		}
		path := ""
		if value != "" && !strings.HasPrefix(value, "-") {
			path = resolve(dir, value)
		}
		out = append(out, arg{a, name, path})
	}
	return out
}

// chdir returns the directory the last -C or --chdir of args names, in
// any of the forms the flag parser takes, or the working directory.
func chdir(args []string) string {
	cwd, _ := os.Getwd()
	dir := cwd
	for i, a := range args {
		switch {
		case a == "--":
			return dir
		case (a == "-C" || a == "--chdir") && i+1 < len(args):
			dir = resolve(cwd, args[i+1])
		case strings.HasPrefix(a, "--chdir="):
			dir = resolve(cwd, strings.TrimPrefix(a, "--chdir="))
		case strings.HasPrefix(a, "-C") && len(a) > 2:
			dir = resolve(cwd, strings.TrimPrefix(a[2:], "="))
		}
	}
	return dir
}

// emptySum is the SHA-256 of no bytes.
const emptySum = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

// MadeAny reports whether the run made a file its arguments name.
func (r *Record) MadeAny() bool {
	if r == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.made) > 0
}

// Made tells the record the files named by arguments that the run made:
// absent or empty before it (before holds the Sums of the arguments read
// then), regular files after, as a report file made by mktemp is. A replay
// writes them again, where the arguments of that run name them. Made
// reports whether these are all the argument files that changed.
func (r *Record) Made(after Args, before []string) bool {
	if r == nil {
		return false
	}
	all := true
	paths := after.Paths
	for i, sum := range after.Sums {
		switch {
		case i >= len(before) || sum == before[i]:
			continue
		case sum == "" || (before[i] != "" && before[i] != emptySum):
			all = false
			continue
		}
		data, err := os.ReadFile(paths[i])
		if err != nil {
			all = false
			continue
		}
		r.mu.Lock()
		if r.made == nil {
			r.made = map[int]string{}
		}
		r.made[i] = string(data)
		r.mu.Unlock()
	}
	return all
}

// special reports whether path is a file that is neither regular nor a
// directory, other than the null device.
func special(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir() && path != os.DevNull
}

// goEnvFile is the file go env -w writes, or "".
func goEnvFile() string {
	if f := os.Getenv("GOENV"); f != "" {
		if f == "off" {
			return ""
		}
		return f
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "go", "env")
}

func resolve(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// fileSum is the SHA-256 of a regular file's bytes.
func fileSum(path string) (string, bool) {
	_, sum, err := statSum(path)
	return sum, err == nil
}

// statSum returns a regular file's state and the SHA-256 of its bytes.
func statSum(path string) (fs.FileInfo, string, error) {
	fi, b, err := statRead(path)
	if err != nil {
		return nil, "", err
	}
	return fi, sumOf(b), nil
}

// sumOf is the SHA-256 of b, as the cache writes it.
func sumOf(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// statRead returns a regular file's state and bytes.
func statRead(path string) (fs.FileInfo, []byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s is not a regular file", path)
	}
	b, err := os.ReadFile(path)
	return fi, b, err
}

// BinaryIdentity names the running executable by its bytes. go install
// touches a binary that is up to date, as Kubernetes' script does before
// every helper, and that must not make every entry miss.
var BinaryIdentity = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	memo := ""
	if root := blob.Root(); root != "" {
		memo = filepath.Join(root, "binaries")
	}
	return binaryIdentity(exe, memo)
})

// binaryIdentity is the SHA-256 of the file exe. The sum is remembered in
// the directory memo with the file's state (path, size, times, inode), so
// that exe is read again only when that changed.
func binaryIdentity(exe, memo string) string {
	fi, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	state := fmt.Sprintf("%s %d %d %s", exe, fi.Size(), fi.ModTime().UnixNano(), changeStamp(fi))
	file := filepath.Join(memo, sumOf([]byte(exe)))
	if memo != "" {
		if data, ok := blob.Read(file); ok {
			if was, sum, ok := strings.Cut(string(data), "\n"); ok && was == state {
				return sum
			}
		}
	}
	sum, ok := fileSum(exe)
	if !ok {
		return state
	}
	if memo != "" {
		blob.Write(file, []byte(state+"\n"+sum)) // failing to remember is no error
	}
	return sum
}

// goIdentity names the go command loads run, and its version.
func goIdentity() string {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(goBin)
	if err != nil {
		real = goBin
	}
	fi, err := os.Stat(real)
	if err != nil {
		return real
	}
	version, _ := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(real)), "VERSION"))
	return fmt.Sprintf("%s %d %d %s", real, fi.Size(), fi.ModTime().UnixNano(), bytes.TrimSpace(version))
}

// LoadEnv returns the environment variables that change what a load
// reads, as NAME=value.
func LoadEnv() []string {
	var out []string
	for _, name := range []string{"GOFLAGS", "GOOS", "GOARCH", "GOWORK", "GO111MODULE", "CGO_ENABLED", "GOEXPERIMENT", "GOTOOLCHAIN", "GOPATH", "GOMODCACHE", "GOROOT", "GOPROXY", "GOPRIVATE"} {
		out = append(out, name+"="+os.Getenv(name))
	}
	return out
}

// Replay prints what the run stored under key printed and reports true,
// if the entry is there and every file and directory it names is as the
// run left it. It first writes again the files the run made (see
// Record.Made) at paths, the files the arguments name (see ArgFiles).
func Replay(dir, key string, paths []string, stdout, stderr io.Writer) bool {
	return ReplayOrPlan(dir, key, paths, stdout, stderr, nil, false)
}

// ReplayOrPlan is Replay, but when the entry is there and no longer holds
// it gives rec the plan of a run that redoes only what changed, if there
// is one (see Plan). With restore, outputs that were deleted or changed
// while nothing they were made from did are written again from the bytes
// the run stored (see Store), as the run would write them; a script that
// deletes a tool's outputs before running it (Kubernetes' does) then still
// replays. A verifying run passes restore false: it writes nothing.
func ReplayOrPlan(dir, key string, paths []string, stdout, stderr io.Writer, rec *Record, restore bool) bool {
	if dir == "" {
		return false
	}
	e, ok := read(filepath.Join(dir, key))
	if !ok {
		debugf("run %.12s: no entry", key)
		return false
	}
	var lost, held map[string]bool
	if restore {
		lost, held = e.restorable(outputsDir(dir))
	}
	why := e.changed(lost, held)
	if why == "" && e.restore(outputsDir(dir), lost, nil) {
		return replay(e, dir, key, paths, stdout, stderr)
	}
	if why == "" {
		why = "its outputs could not be written again"
		lost = nil
	}
	debugf("run %.12s: %s", key, why)
	if rec == nil {
		return false
	}
	rec.remember(e)
	plan, whyNot := e.plan(lost)
	if plan != nil && !e.restore(outputsDir(dir), lost, plan.Affected) {
		plan, whyNot = nil, "the unaffected packages' outputs could not be written again"
	}
	if plan != nil {
		rec.restoredBut(e, lost, plan.Affected)
	}
	if plan == nil {
		debugf("run %.12s: no partial run: %s", key, whyNot)
		return false
	}
	rec.mu.Lock()
	rec.plan = plan
	rec.mu.Unlock()
	debugf("run %.12s: partial run planned: %d changed packages, %d affected, %d to load", key, len(plan.Changed), len(plan.Affected), len(plan.Load))
	return false
}

// remember keeps the stamps of the remembered run e, for the new entry
// to reuse where a file's state is unchanged.
func (r *Record) remember(e *entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.known = map[string]stamp{}
	for _, s := range slices.Concat(e.Inputs, e.Outputs) {
		r.known[s.Path] = s
	}
}

// restoredBut records the lost outputs of e that were written again, those
// in the affected directories left out: their times are after the run's
// start, yet their bytes were known before it.
func (r *Record) restoredBut(e *entry, lost map[string]bool, affected []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	redone := map[string]bool{}
	for _, d := range affected {
		redone[d] = true
	}
	r.restored = map[string]string{}
	for _, s := range e.Outputs {
		if lost[s.Path] && !redone[filepath.Dir(s.Path)] {
			r.restored[s.Path] = s.Sum
		}
	}
}

// replay is Replay once the entry is known to hold.
func replay(e *entry, dir, key string, paths []string, stdout, stderr io.Writer) bool {
	for i, data := range e.Made {
		if i >= len(paths) || paths[i] == "" {
			return false
		}
		if old, err := os.ReadFile(paths[i]); err == nil && string(old) == data {
			continue
		}
		if err := os.WriteFile(paths[i], []byte(data), 0o644); err != nil {
			debugf("run %.12s: %v", key, err)
			return false
		}
	}
	debugf("run %.12s: replayed", key)
	io.WriteString(stdout, e.Stdout)
	io.WriteString(stderr, e.Stderr)
	blob.Touch(filepath.Join(dir, key))
	return true
}

// Store records the run under each of keys, if no input changed while it
// ran (since start): a file edited during the run may have been read
// before or after the edit, so the run proves nothing about either
// version. The bytes of its outputs are kept too, by their SHA-256, so
// that a replay can write again those deleted since (see ReplayOrPlan).
func Store(dir string, keys []string, r *Record, start time.Time, stdout, stderr string) error {
	if dir == "" || r == nil || len(keys) == 0 {
		return nil
	}
	e, err := r.entry(start)
	if err != nil {
		debugf("run %.12s not stored: %v", keys[0], err)
		return err
	}
	if r.narrowed {
		e = r.plan.merge(e)
	}
	e.Stdout, e.Stderr = stdout, stderr
	if err := keepOutputs(outputsDir(dir), e.Outputs); err != nil {
		debugf("run %.12s not stored: %v", keys[0], err)
		return err
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	for _, key := range keys {
		if err := blob.Write(filepath.Join(dir, key), data); err != nil {
			return err
		}
		debugf("run %.12s stored", key)
	}
	blob.Trim(dir, maxEntries)
	return nil
}

// errRacy: an input changed during the run.
var errRacy = errors.New("an input changed during the run")

func (r *Record) entry(start time.Time) (*entry, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.absent == nil {
		r.absent = map[string]bool{}
	}
	e := &entry{Made: r.made, Packages: maps.Clone(r.pkgs), Local: r.local}
	// The run wrote those of its inputs that are outputs (generated files
	// the load skipped): they are stamped as outputs.
	inputs := slices.DeleteFunc(slices.Sorted(maps.Keys(r.inputs)), func(p string) bool { return r.outputs[p] })
	var mu sync.Mutex
	generated := map[string]bool{} // of the inputs, for the directories' stamps
	stamps, errs := inParallel(inputs, func(p string) (stamp, error) {
		s, err := r.stamp(p)
		mu.Lock()
		generated[p] = s.Gen
		mu.Unlock()
		return s, err
	})
	for i, p := range inputs {
		s, err := stamps[i], errs[i]
		if errors.Is(err, fs.ErrNotExist) {
			r.absent[p] = true // one that may appear, such as a go.work
			continue
		}
		if err != nil {
			return nil, err
		}
		if (s.MTime >= start.UnixNano() && r.restored[p] != s.Sum) || r.stale(s) {
			return nil, errRacy
		}
		e.Inputs = append(e.Inputs, s)
	}
	outputs := slices.Sorted(maps.Keys(r.outputs))
	stamps, errs = inParallel(outputs, r.stamp)
	for i := range outputs {
		if errs[i] == nil {
			e.Outputs = append(e.Outputs, stamps[i])
		}
	}
	dirs, all := map[string]bool{}, map[string]bool{}
	maps.Copy(dirs, r.dirs)
	for _, t := range slices.Sorted(maps.Keys(r.trees)) {
		walkDirs(t, dirs)
	}
	for _, t := range slices.Sorted(maps.Keys(r.outTrees)) {
		walkDirs(t, all)
	}
	for p := range all {
		dirs[p] = true
	}
	e.Watch = slices.Sorted(maps.Keys(r.watch))
	paths := slices.Sorted(maps.Keys(dirs))
	ds, errs := inParallel(paths, func(p string) (dirStamp, error) { return dirStampOf(p, r.watch, generated, all[p]) })
	for i, p := range paths {
		if errs[i] != nil {
			continue
		}
		if r.dirs[p] && !r.readAll(ds[i]) {
			return nil, errRacy
		}
		e.Dirs = append(e.Dirs, ds[i])
	}
	e.Absent = slices.Sorted(maps.Keys(r.absent))
	return e, nil
}

// inParallel is f of each item, in order, computed on every CPU: a run
// over Kubernetes' tree stamps thousands of files and directories.
func inParallel[T any](items []string, f func(string) (T, error)) ([]T, []error) {
	out, errs := make([]T, len(items)), make([]error, len(items))
	cpu := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, item := range items {
		cpu <- struct{}{}
		wg.Go(func() {
			defer func() { <-cpu }()
			out[i], errs[i] = f(item)
		})
	}
	wg.Wait()
	return out, errs
}

// stale reports whether a hand-written input changed after the load the
// run used (see Loaded).
func (r *Record) stale(s stamp) bool {
	return !r.loaded.IsZero() && s.MTime >= r.loaded.UnixNano() && !Generated(s.Path)
}

// readAll reports whether the run read every hand-written Go file of a
// package directory: one added while it ran was not.
func (r *Record) readAll(d dirStamp) bool {
	for _, n := range d.Names {
		p := filepath.Join(d.Path, n)
		if strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") && !r.watch[n] && !r.inputs[p] && !Generated(p) {
			return false
		}
	}
	return true
}

// walkDirs adds root and every directory below it that a go pattern
// ending in "..." may match.
func walkDirs(root string, into map[string]bool) {
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
			return filepath.SkipDir
		}
		into[p] = true
		return nil
	})
}

// stamp stamps a file: as the remembered run did, if its size and times
// are unchanged since, without reading it.
func (r *Record) stamp(path string) (stamp, error) {
	if old, ok := r.known[path]; ok && old.sameState() {
		return old, nil
	}
	return stampOf(path)
}

func stampOf(path string) (stamp, error) {
	fi, b, err := statRead(path)
	if err != nil {
		return stamp{}, err
	}
	return stamp{Path: path, Size: fi.Size(), MTime: fi.ModTime().UnixNano(), Change: changeStamp(fi), Sum: sumOf(b), Gen: generatedHead(b)}, nil
}

// dirStampOf stamps a directory; generated tells, for files already read,
// whether they are generated.
func dirStampOf(path string, watch, generated map[string]bool, all bool) (dirStamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return dirStamp{}, err
	}
	names, err := entryNames(path, watch, generated, all)
	return dirStamp{Path: path, MTime: fi.ModTime().UnixNano(), All: all, Names: names}, err
}

// entryNames lists the entries of a directory that matter to a run:
// subdirectories (a pattern may match a new package), hand-written Go
// files and go.mod (the load reads them), and generated files of the
// watched names; with all, every Go file but tests. Names beginning with "."
// (temporary and editor files) and other generated files do not matter.
func entryNames(path string, watch, generated map[string]bool, all bool) ([]string, error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "."):
		case e.IsDir(), n == "go.mod", watch[n], all && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go"):
			names = append(names, n)
		case strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go"):
			file := filepath.Join(path, n)
			gen, known := generated[file]
			if !known {
				gen = Generated(file)
			}
			if !gen {
				names = append(names, n)
			}
		}
	}
	return names, nil
}

// changed names the first stamp of e that no longer holds, or is "". The
// lost outputs (see restorable) do not count: they are written again; nor
// are the held ones checked again.
func (e *entry) changed(lost, held map[string]bool) string {
	watch := map[string]bool{}
	for _, n := range e.Watch {
		watch[n] = true
	}
	for _, s := range append(slices.Clip(e.Inputs), e.Outputs...) {
		if !lost[s.Path] && !held[s.Path] && !s.holds() {
			return s.Path + " changed"
		}
	}
	for _, d := range e.Dirs {
		fi, err := os.Stat(d.Path)
		if err != nil {
			return d.Path + " is gone"
		}
		if fi.ModTime().UnixNano() == d.MTime {
			continue
		}
		if names, err := entryNames(d.Path, watch, nil, d.All); err != nil || !d.sameBut(names, lost) {
			return d.Path + " has other entries"
		}
	}
	for _, p := range e.Absent {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return p + " exists"
		}
	}
	return ""
}

// sameBut reports whether names, a directory's entries now, are those d
// stamped, leaving out the lost outputs on both sides.
func (d dirStamp) sameBut(names []string, lost map[string]bool) bool {
	if len(lost) == 0 {
		return slices.Equal(names, d.Names)
	}
	kept := func(ns []string) []string {
		return slices.DeleteFunc(slices.Clone(ns), func(n string) bool { return lost[filepath.Join(d.Path, n)] })
	}
	return slices.Equal(kept(names), kept(d.Names))
}

// maxOutputs bounds the kept output files (see Store); beyond it, the
// least recently used go.
const maxOutputs = 16384

// outputsDir is where Store keeps the bytes of outputs, beside the
// directory of run entries.
func outputsDir(runs string) string { return filepath.Join(filepath.Dir(runs), "outputs") }

// OutputsDir is where the bytes of the runs' outputs are kept, or "" when
// the cache is off.
func OutputsDir() string {
	if d := Dir(); d != "" {
		return outputsDir(d)
	}
	return ""
}

// keepOutputs keeps the bytes of each output in blobs, named by their
// SHA-256. An output whose bytes are no longer those stamped changed
// during the run.
func keepOutputs(blobs string, outs []stamp) error {
	sums := map[string]string{}
	for _, s := range outs {
		sums[s.Path] = s.Sum
	}
	_, errs := inParallel(slices.Sorted(maps.Keys(sums)), func(p string) (struct{}, error) {
		file := filepath.Join(blobs, sums[p])
		if _, err := os.Stat(file); err == nil {
			blob.Touch(file)
			return struct{}{}, nil
		}
		data, err := os.ReadFile(p)
		if err != nil || sumOf(data) != sums[p] {
			return struct{}{}, errRacy
		}
		return struct{}{}, blob.Write(file, data)
	})
	if err := errors.Join(errs...); err != nil {
		return err
	}
	blob.Trim(blobs, maxOutputs)
	return nil
}

// restorable returns the outputs of e that no longer hold (deleted or
// changed) and whose bytes are kept in blobs, and those that hold.
func (e *entry) restorable(blobs string) (lost, held map[string]bool) {
	lost, held = map[string]bool{}, map[string]bool{}
	for _, s := range e.Outputs {
		if s.holds() {
			held[s.Path] = true
			continue
		}
		if _, err := os.Stat(filepath.Join(blobs, s.Sum)); err == nil {
			lost[s.Path] = true
		}
	}
	return lost, held
}

// restore writes the lost outputs of e again from blobs, all or none,
// leaving out those in the affected directories (a partial run makes them
// again). It reports whether it wrote them.
func (e *entry) restore(blobs string, lost map[string]bool, affected []string) bool {
	skip := map[string]bool{}
	for _, d := range affected {
		skip[d] = true
	}
	var files []output.File
	for _, s := range e.Outputs {
		if !lost[s.Path] || skip[filepath.Dir(s.Path)] {
			continue
		}
		data, ok := blob.Read(filepath.Join(blobs, s.Sum))
		if !ok || sumOf(data) != s.Sum {
			return false
		}
		files = append(files, output.File{Path: s.Path, Data: data})
	}
	if len(files) == 0 {
		return true
	}
	if err := output.Write(files, nil, io.Discard); err != nil {
		debugf("outputs not written again: %v", err)
		return false
	}
	debugf("%d outputs written again from the cache", len(files))
	return true
}

// debugf explains the cache's decisions when APIGEN_CACHE_DEBUG is set:
// on stderr, or appended to the file it names if it is an absolute path
// (a session server's stderr goes nowhere).
func debugf(format string, args ...any) {
	to := os.Getenv("APIGEN_CACHE_DEBUG")
	if to == "" {
		return
	}
	w := io.Writer(os.Stderr)
	if filepath.IsAbs(to) {
		f, err := os.OpenFile(to, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return
		}
		defer f.Close()
		w = f
	}
	fmt.Fprintf(w, "apigen cache: "+format+"\n", args...)
}

func (s stamp) holds() bool {
	if s.sameState() {
		return true
	}
	fi, err := os.Stat(s.Path)
	if err != nil || fi.Size() != s.Size {
		return false
	}
	sum, ok := fileSum(s.Path)
	return ok && sum == s.Sum
}

// sameState reports whether the file's size and times are as stamped, so
// that its bytes are taken to be too.
func (s stamp) sameState() bool {
	fi, err := os.Stat(s.Path)
	return err == nil && fi.Mode().IsRegular() && fi.Size() == s.Size && fi.ModTime().UnixNano() == s.MTime && changeStamp(fi) == s.Change
}

// read returns the entry in file, checking its checksum. A corrupt entry
// is removed.
func read(file string) (*entry, bool) {
	body, ok := blob.Read(file)
	if !ok {
		return nil, false
	}
	var e entry
	if json.Unmarshal(body, &e) != nil {
		os.Remove(file)
		return nil, false
	}
	return &e, true
}

// Clean removes every entry.
func Clean(dir string) error {
	if dir == "" {
		return nil
	}
	return os.RemoveAll(dir)
}

// Generated reports whether a file is a generator's output: it carries
// the build constraint that keeps generated code out of every load, or
// Go's "Code generated ... DO NOT EDIT." line. A script rewrites such
// files between runs (kube_codegen.sh deletes client-gen's first) without
// making the load stale.
func Generated(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return generatedHead(head[:n])
}

// generatedHead is Generated of a file that begins with head.
func generatedHead(head []byte) bool {
	head = head[:min(len(head), 4096)]
	// The mark belongs before the package clause.
	if bytes.HasPrefix(head, []byte("package ")) {
		return false
	}
	if i := bytes.Index(head, []byte("\npackage ")); i >= 0 {
		head = head[:i+1]
	}
	if bytes.Contains(head, []byte("//go:build !"+load.BuildTag)) {
		return true
	}
	// Go's convention: a line "// Code generated <anything> DO NOT EDIT."
	const prefix, suffix = "// Code generated ", " DO NOT EDIT."
	for line := range bytes.Lines(head) {
		line = bytes.TrimSuffix(line, []byte("\n"))
		if len(line) >= len(prefix)+len(suffix) && bytes.HasPrefix(line, []byte(prefix)) && bytes.HasSuffix(line, []byte(suffix)) {
			return true
		}
	}
	return false
}
