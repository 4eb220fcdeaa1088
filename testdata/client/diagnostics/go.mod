module client.example/diagnostics

go 1.26
