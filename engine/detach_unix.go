//go:build unix

package engine

import (
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// Detach hands the script that started this process its exit status
// (ReportStatus) and lets go of the script's standard streams, so that
// nothing waits for this process any more. It reports whether it could.
func Detach(code int) bool {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	for _, fd := range []int{0, 1, 2} {
		unix.Dup2(int(null.Fd()), fd)
	}
	null.Close()
	ReportStatus(code)
	return true
}

// private checks that only this user can reach a session directory: it
// is a directory of ours, not a symlink, and closed to group and others.
func private(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	switch {
	case !fi.IsDir():
		return fmt.Errorf("session directory %s is not a directory", dir)
	case ok && int(st.Uid) != os.Getuid():
		return fmt.Errorf("session directory %s belongs to another user", dir)
	case fi.Mode().Perm()&0o077 != 0:
		return fmt.Errorf("session directory %s is open to other users (mode %v); it must be 0700", dir, fi.Mode().Perm())
	}
	return nil
}
