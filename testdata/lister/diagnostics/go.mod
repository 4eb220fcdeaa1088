module listerdiag.example

go 1.26
