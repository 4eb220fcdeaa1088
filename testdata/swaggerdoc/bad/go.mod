module swaggerdoc.bad

go 1.26
