module apis.example

go 1.26
