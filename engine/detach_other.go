//go:build !unix

package engine

// Detach is not possible here: sessions need unix sockets and descriptors.
func Detach(session string, code int) bool { return false }
