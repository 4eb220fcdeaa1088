package v1

// SetDefaults_WidgetSpec defaults everything a WidgetSpec holds.
// +k8s:defaulter-gen=covers
func SetDefaults_WidgetSpec(obj *WidgetSpec) {
	if obj.Size == 0 {
		obj.Size = 1
	}
	SetDefaults_Part(&obj.Inner)
}

func SetDefaults_Part(obj *Part) {
	if obj.Name == "" {
		obj.Name = "part"
	}
}

func SetDefaults_Part_Suffix(obj *Part) {
	obj.Name += "-x"
}

func SetObjectDefaults_Manual(in *Manual) {
	SetDefaults_Part(&in.Part)
}
