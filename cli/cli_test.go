package cli

import (
	"testing"

	"github.com/spf13/pflag"
)

// TestKlogFlags: the klog flags that upstream's commands take, as
// Makefiles pass them (prometheus-operator's K8S_GEN_ARGS has
// --v=1 --logtostderr), are accepted.
func TestKlogFlags(t *testing.T) {
	fs := pflag.NewFlagSet("deepcopy-gen", pflag.ContinueOnError)
	var c Common
	c.Add(fs)
	args := []string{"--go-header-file", "h.txt", "--v=1", "--logtostderr", "--alsologtostderr=false",
		"--log_dir", "/tmp", "--log_file=x.log", "--log_file_max_size=10", "--add_dir_header",
		"--skip_headers", "--skip_log_headers", "--one_output", "--stderrthreshold=INFO",
		"--vmodule=gen*=2", "--log_backtrace_at=a.go:1"}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	if c.Verbosity != 1 || c.GoHeaderFile != "h.txt" {
		t.Errorf("common flags: %+v", c)
	}
	if err := fs.Parse([]string{"--logtostderr=maybe"}); err == nil {
		t.Error("--logtostderr=maybe: accepted, want klog's error")
	}
}
