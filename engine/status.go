package engine

import (
	"fmt"
	"os"
	"strconv"
	"sync"
)

// statusFile is the descriptor APIGEN_STATUS_FD names, taken when the
// process starts, before it could open a file of its own with that number.
var statusFile = takeStatusFile()

var reportOnce sync.Once

func takeStatusFile() *os.File {
	fd, err := strconv.Atoi(os.Getenv("APIGEN_STATUS_FD"))
	os.Unsetenv("APIGEN_STATUS_FD")
	if err != nil || fd < 3 {
		return nil
	}
	f := os.NewFile(uintptr(fd), "APIGEN_STATUS_FD")
	if _, err := f.Stat(); err != nil {
		return nil
	}
	return f
}

// ReportStatus writes the run's exit status to the descriptor that
// APIGEN_STATUS_FD named and closes it. kube_codegen.sh starts apigen in
// the background and reads that pipe, so it learns how the run ended at
// once, whether the process then exits or goes on serving a session. Only
// the first call writes; it reports whether the status was delivered.
func ReportStatus(code int) bool {
	delivered := false
	reportOnce.Do(func() {
		if statusFile == nil {
			return
		}
		_, err := fmt.Fprintf(statusFile, "%d\n", code)
		delivered = statusFile.Close() == nil && err == nil
	})
	return delivered
}
