package widgets

const GroupName = "widgets.example.com"
