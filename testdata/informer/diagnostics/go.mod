module informerdiag.example

go 1.26
