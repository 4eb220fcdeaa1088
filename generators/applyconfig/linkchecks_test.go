package applyconfig

// The API server's checks run in this test binary, not in cmd/apigen-check
// (see internal/servercheck).
import _ "github.com/apigen-dev/apigen/internal/cel"
