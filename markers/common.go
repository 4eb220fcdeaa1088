package markers

// Markers that several generators read. Generators Define these shared
// values rather than declaring their own.
var (
	// GroupName is the API group of a package: +groupName=example.com.
	GroupName = &Definition{
		Name:  "groupName",
		Place: Package,
		Value: Text{},
		Help:  "the API group of the package's types",
	}
)

// Text accepts any value, including none.
type Text struct{}

func (Text) Parse(raw string) (any, error) { return raw, nil }
func (Text) String() string                { return "text" }
