package v1

// SetDefaults_WidgetSpec defaults a WidgetSpec.
func SetDefaults_WidgetSpec(obj *WidgetSpec) {
	if obj.Replicas == 0 {
		obj.Replicas = 1
	}
}

// SetDefaults_Gadget defaults a Gadget.
func SetDefaults_Gadget(obj *Gadget) {
	if obj.Color == "" {
		obj.Color = "blue"
	}
}
