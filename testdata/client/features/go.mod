module client.example/features

go 1.26
