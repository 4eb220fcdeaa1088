package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tnFormat = "k8s:format"

func init() { Register(func() TagValidator { return formatTag{} }) }

// formatTag is +k8s:format=<name>: the string must be of a named form.
type formatTag struct{}

// formatFuncs maps each supported format to its runtime function.
var formatFuncs = map[string]string{
	"k8s-extended-resource-name":        "ExtendedResourceName",
	"k8s-label-key":                     "LabelKey",
	"k8s-label-value":                   "LabelValue",
	"k8s-long-name":                     "LongName",
	"k8s-long-name-caseless":            "LongNameCaseless",
	"k8s-path-segment-name":             "PathSegmentName",
	"k8s-prefixed-label-key":            "PrefixedLabelKey",
	"k8s-resource-fully-qualified-name": "ResourceFullyQualifiedName",
	"k8s-resource-pool-name":            "ResourcePoolName",
	"k8s-short-name":                    "ShortName",
	"k8s-uuid":                          "UUID",
}

func (formatTag) Init(Config)                  {}
func (formatTag) TagName() string              { return tnFormat }
func (formatTag) ValidScopes() sets.Set[Scope] { return sets.New(valueScopes...) }

func (formatTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if v := NonPointer(NativeType(ctx.Type)); v != types.String {
		return Validations{}, fmt.Errorf("can only be used on string types (%s)", typeTrail(ctx.Type, v))
	}
	name, ok := formatFuncs[tag.Value]
	if !ok {
		return Validations{}, fmt.Errorf("unsupported validation format %q", tag.Value)
	}
	fn := Function(tnFormat, DefaultFlags, stdFn(name)).
		WithEmits(emitting(field.ErrorTypeInvalid, "format="+tag.Value))
	return single(fn), nil
}

func (f formatTag) Docs() TagDoc {
	return describe(f, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "The string must be written in the named format.",
		Payloads: []TagPayloadDoc{
			{Description: "k8s-extended-resource-name", Docs: "An extended resource name: it has a domain prefix other than `kubernetes.io` and does not start with `requests.`; with `requests.` put in front it must still be a valid label key, as quota needs."},
			{Description: "k8s-ip", Docs: "An IPv4 or IPv6 address; leading zeros in IPv4 octets are tolerated."},
			{Description: "k8s-label-key", Docs: "A label key, with an optional prefix."},
			{Description: "k8s-label-value", Docs: "A label value."},
			{Description: "k8s-long-name", Docs: "A DNS subdomain, which Kubernetes calls a \"long name\"."},
			{Description: "k8s-long-name-caseless", Docs: "Deprecated: a DNS subdomain (\"long name\") in which upper case letters are also accepted."},
			{Description: "k8s-path-segment-name", Docs: "A name that is safe as one segment of a URL path."},
			{Description: "k8s-prefixed-label-key", Docs: "A label key that must have its prefix."},
			{Description: "k8s-resource-fully-qualified-name", Docs: "A non-empty \"prefix/name\" pair: the prefix a DNS subdomain, the name a C identifier of 32 characters or fewer."},
			{Description: "k8s-resource-pool-name", Docs: "One or more DNS subdomains joined by `/`, 253 characters at most in all."},
			{Description: "k8s-short-name", Docs: "A DNS label, which Kubernetes calls a \"short name\"."},
			{Description: "k8s-uuid", Docs: "A UUID as RFC 4122 defines it."},
		},
		PayloadsType:     codetags.ValueTypeString,
		PayloadsRequired: true,
	})
}
