package cache

import (
	"fmt"
	"io/fs"
	"syscall"
)

// changeStamp names a file's inode and the time its inode last changed,
// which no program can set back.
func changeStamp(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%d:%d %d.%d", st.Dev, st.Ino, st.Ctim.Sec, st.Ctim.Nsec)
}
