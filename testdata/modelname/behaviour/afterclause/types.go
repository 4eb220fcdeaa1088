package afterclause

// Thing is a struct.
type Thing struct{}
