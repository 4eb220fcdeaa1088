// Package gogo writes the generated.pb.go files that k8s.io/code-generator
// v0.37.2's go-to-protobuf leaves, byte for byte, without protoc, gogo or
// goimports.
//
// Upstream's pipeline: go-to-protobuf writes a gogo-annotated ("pass-one")
// generated.proto per package; protoc 23.4 runs protoc-gen-gogo with the
// marshalto, size, stringer and unmarshal plugins on it; go-to-protobuf
// rewrites the result (it drops types, descriptors, gogo's imports and
// every function but the marshalling ones, gives nullable wrappers value
// receivers, and makes gogo's sortkeys the standard sort); then goimports
// and gofmt -s run.
//
// # Contract
//
// Input, a Request:
//   - Files: the pass-one .proto texts, keyed by the path protoc sees
//     (k8s.io/api/core/v1/generated.proto): the files to generate and every
//     file they import. The import of github.com/gogo/protobuf/gogoproto/gogo.proto
//     resolves to a descriptor this package builds itself; gogo's file is
//     never read.
//   - Generate: which of Files to write Go for.
//   - Optional: per file of Generate, the names of its nullable wrapper
//     messages, the types go-to-protobuf's OptionalTypeName accepts (slice
//     and map types marked +protobuf.nullable=true).
//   - Header: the boilerplate go-to-protobuf puts above the file (the
//     header file, YEAR replaced, and a newline, as gengo reads it).
//   - Conditional: go-to-protobuf's --conditional tag, or "".
//
// Output: the final generated.pb.go bytes per file of Generate, keyed by
// the path gogo writes (k8s.io/api/core/v1/generated.pb.go). Generate reads
// no disk and runs no program.
//
// The Go facts come from the pass-one options: (gogoproto.casttype),
// castkey, castvalue, customname and nullable on fields, go_package, and
// the message and file options that turn gogo's plugins on and off
// (marshaler, sizer, unmarshaler, stringer, stable_marshaler).
//
// # How
//
// The texts are compiled in memory with protocompile, turned into the
// pluginpb.CodeGeneratorRequest protoc would send, and handed to protogen,
// whose files, messages and fields the emitter walks; each file is written
// through a protogen.GeneratedFile. protogen's import naming is not used:
// gogo names a cast type's package from its whole path
// (k8s_io_api_core_v1), may import one path under two names, and names
// message packages by base name plus a number in order of first use. The
// emitter names packages as gogo does and writes the import block that
// go-to-protobuf's rewrite and goimports leave of gogo's (see importBlock).
// protogen keeps fields in declaration order; gogo's marshaler sorts them
// by number for itself and the plugins after it, and the emitter does the
// same. Declaration order still decides the order in which packages are
// named, and the order of the messages the marshaler is off for.
//
// Only what go-to-protobuf writes is supported: proto2 messages with
// optional, repeated and map fields of scalar, string, bytes and message
// types. Anything else (oneofs, enums, packed or required fields, map keys
// other than string, customtype, stdtime and the like) is an error.
package gogo
