package output

// SetTracing turns tracing on or off for the files started after it, and
// returns what restores it.
func SetTracing(on bool) (restore func()) {
	old := tracing
	tracing = on
	return func() { tracing = old }
}
