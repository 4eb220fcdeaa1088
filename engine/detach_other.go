//go:build !unix

package engine

import "errors"

// Detach is not possible here: sessions need unix sockets and descriptors.
func Detach(code int) bool { return false }

// private fails: there are no sessions here.
func private(dir string) error { return errors.New("sessions need unix sockets") }
