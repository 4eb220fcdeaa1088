package v1beta1

const GroupName = "widgets.example.com"
