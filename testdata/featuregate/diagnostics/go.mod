module featuregate.example

go 1.26
