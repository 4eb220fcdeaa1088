package nofield

type TypeMeta struct{}

type Thing struct {
	TypeMeta
}
