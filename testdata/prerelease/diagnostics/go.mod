module prerelease.example

go 1.26
