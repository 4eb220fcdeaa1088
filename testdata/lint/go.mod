module lint.example

go 1.26
