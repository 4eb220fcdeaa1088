package v1

// SetDefaults_Limits is called by the defaulters of the packages that
// defaulter-gen is given together with this one.
func SetDefaults_Limits(obj *Limits) {
	if obj.Max == 0 {
		obj.Max = 10
	}
}
