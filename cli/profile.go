package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// ProfileEnv names a file that receives a CPU profile of the run, for
// finding where a slow run spends its time.
const ProfileEnv = "APIGEN_CPUPROFILE"

// StartProfile starts the CPU profile ProfileEnv asks for, if any, and
// returns the function that ends it.
func StartProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv(ProfileEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", ProfileEnv, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
