//go:build tools

package golangci

// This file is never built; it keeps go.mod's requirement of
// google.golang.org/genproto at a version from after the module's split,
// which go mod tidy would drop otherwise, since no built file imports it.
//
// golangci-lint v2.15.0 requires github.com/spf13/viper v1.12.0, which
// requires google.golang.org/genproto from 2022, when that module still
// held the packages that google.golang.org/genproto/googleapis/api and
// .../googleapis/rpc hold now. When `golangci-lint custom` adds this
// module to golangci-lint's, go mod tidy there loads the tests of this
// module's packages, which reach grpc and cel-go, and fails: each of those
// packages is found in two modules ("ambiguous import"). This module's
// requirement raises genproto to a version without them there.
import _ "google.golang.org/genproto/protobuf/field_mask"
