module modelname.example

go 1.26
