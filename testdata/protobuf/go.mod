module protobuf.example

go 1.26
