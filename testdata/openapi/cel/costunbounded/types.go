package costunbounded

// Thing has an unbounded list of unbounded strings.
type Thing struct {
	// +k8s:validation:cel[0]:rule="self.all(x, x.contains('a string'))"
	// +k8s:validation:cel[0]:message="the rule failed"
	Names []string `json:"names"`
}
