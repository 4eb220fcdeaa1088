//go:build unix

package engine

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Detach hands the script that started this process its exit status, in
// <session>/status.<pid>, and lets go of the script's standard streams so
// that nothing waits for this process any more. It reports whether it could.
func Detach(session string, code int) bool {
	status := filepath.Join(session, fmt.Sprintf("status.%d", os.Getpid()))
	tmp := status + ".tmp"
	if err := os.WriteFile(tmp, fmt.Appendf(nil, "%d\n", code), 0o644); err != nil {
		return false
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	for _, fd := range []int{0, 1, 2} {
		unix.Dup2(int(null.Fd()), fd)
	}
	return os.Rename(tmp, status) == nil
}
