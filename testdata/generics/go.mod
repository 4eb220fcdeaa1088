module generics.example

go 1.26
