// Package blob keeps the files of apigen's caches: each file holds its
// data and the data's SHA-256, is written whole or not at all, and is
// trusted only if the checksum holds. A directory of blobs is bounded by
// count, the least recently used going first.
package blob

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/apigen-dev/apigen/output"
)

// Root is the directory of apigen's caches: $APIGEN_CACHE, or apigen below
// the user's cache directory. It is "" when APIGEN_CACHE=off, and while
// APIGEN_TRACE=1 changes what generators write, which no key records.
func Root() string {
	if output.Tracing() {
		return ""
	}
	return Home()
}

// Home is Root, tracing or not: for what tracing does not change, such as
// the checker binary (internal/servercheck).
func Home() string {
	root := os.Getenv("APIGEN_CACHE")
	switch root {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		root = filepath.Join(base, "apigen")
	}
	return root
}

// Read returns the data of the blob in file. A blob whose checksum does not
// hold is removed, and reported as missing.
func Read(file string) ([]byte, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	i := bytes.LastIndexByte(data, '\n')
	if i >= 0 {
		body := data[:i]
		sum := sha256.Sum256(body)
		if hex.EncodeToString(sum[:]) == string(data[i+1:]) {
			return body, true
		}
	}
	os.Remove(file)
	return nil, false
}

// Write stores data as the blob file, in a directory made private to
// the user.
func Write(file string, data []byte) error {
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	sealed := append(append(bytes.Clone(data), '\n'), hex.EncodeToString(sum[:])...)
	// A temporary file renamed into place: readers see all or nothing. A
	// crashed writer's temporary file is trimmed as any old entry is.
	tmp, err := os.CreateTemp(dir, ".blob-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(sealed)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Touch marks a blob as just used.
func Touch(file string) {
	now := time.Now()
	os.Chtimes(file, now, now)
}

// Trim removes the least recently used files of dir beyond max.
func Trim(dir string, max int) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= max {
		return
	}
	type aged struct {
		path string
		t    time.Time
	}
	var all []aged
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			all = append(all, aged{filepath.Join(dir, e.Name()), fi.ModTime()})
		}
	}
	if len(all) <= max { // others removed some meanwhile
		return
	}
	sort.Slice(all, func(i, j int) bool { return all[i].t.After(all[j].t) })
	for _, a := range all[max:] {
		os.Remove(a.path)
	}
}
