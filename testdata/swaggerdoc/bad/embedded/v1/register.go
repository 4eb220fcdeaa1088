package v1

const GroupName = "bad.example.com"
