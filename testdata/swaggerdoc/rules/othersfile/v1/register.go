package v1

const GroupName = "others.example.com"
