package v1alpha1

// SetDefaults_WidgetConfiguration names an unnamed daemon.
func SetDefaults_WidgetConfiguration(obj *WidgetConfiguration) {
	if obj.Name == "" {
		obj.Name = "widget"
	}
}
