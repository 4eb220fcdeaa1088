module swaggerdoc.example

go 1.26
