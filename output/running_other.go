//go:build !unix

package output

// running cannot tell here; a leftover file is taken as abandoned.
func running(int) bool { return false }
