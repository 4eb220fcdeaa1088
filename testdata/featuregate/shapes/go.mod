module shapes.example

go 1.26
