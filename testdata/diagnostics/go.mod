module diag.example

go 1.26
