module modelname.diagnostics

go 1.26
