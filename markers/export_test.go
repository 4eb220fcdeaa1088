package markers

import "reflect"

// Yields is the type Typed declared for d, or nil.
func Yields(d *Definition) reflect.Type { return d.yields }
