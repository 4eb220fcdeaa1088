package nostructs

// Name is not a struct.
type Name string
