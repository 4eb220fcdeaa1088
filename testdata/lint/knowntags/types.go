package knowntags

type Widget struct {
	Name string `json:"name"`
}
