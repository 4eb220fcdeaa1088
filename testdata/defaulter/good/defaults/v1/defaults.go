package v1

import external "defaults.example/good/external/v1"

func SetDefaults_Gadget(obj *external.Gadget) {
	if obj.Size == nil {
		size := int32(1)
		obj.Size = &size
	}
}
