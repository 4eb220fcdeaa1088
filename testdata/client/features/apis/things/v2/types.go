package v2

// +genclient
type Thing struct{ Status string }

type ThingList struct{ Items []Thing }
