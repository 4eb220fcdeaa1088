package v1

// SetDefaultsName is a stand-in default.
func SetDefaultsName(name *string) {
	if *name == "" {
		*name = "widget"
	}
}
