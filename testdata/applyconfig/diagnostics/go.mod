module acdiag.example

go 1.26
