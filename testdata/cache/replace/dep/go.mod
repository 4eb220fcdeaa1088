module example.com/dep

go 1.26.0
