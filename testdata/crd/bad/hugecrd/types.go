// The CRD of this package is 4170502 bytes as JSON, over the 3 MiB the API
// server reads in a request; without descriptions, still over 256 KiB. Every
// level of its schema repeats the one below it, so a small source makes a
// large schema (cmd/controller-gen's TestSizeLimits).

// +groupName=bad.example
package hugecrd

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Entry is one level of the Almanac's contents.
type Entry struct {
	// The field is copied verbatim into the generated configuration, so
	// anything valid there is accepted here as well. Values are compared byte
	// for byte; no normalization of case, whitespace or Unicode forms takes
	// place anywhere. Setting it to the empty string is not the same as
	// leaving it out; the former disables the feature explicitly.
	// +optional
	Alpha string `json:"alpha,omitempty"`

	// Metrics about this field are exported under the prefix given in the
	// controller's flags, one series per object. Leave it empty to keep the
	// default that the controller picks from the cluster-wide settings at
	// startup. The webhook refuses values that do not parse, and reports the
	// offending part of the value in its response.
	// +optional
	Bravo string `json:"bravo,omitempty"`

	// Older versions of the API called this field differently; the conversion
	// keeps both names in step while both exist. Operators should prefer the
	// shorter form where possible, because the longer one is kept only for
	// compatibility. The status subresource reports the value actually in use,
	// which can lag behind this field for a short while.
	// +optional
	Charlie string `json:"charlie,omitempty"`

	// This setting interacts with the retention policy: data kept longer than
	// the policy allows is removed regardless. The default changed in the last
	// minor release; see the upgrade notes for the reasons and for how to keep
	// the old one. Changing it on a running object takes effect at the next
	// reconcile and does not restart anything that already runs.
	// +optional
	Delta string `json:"delta,omitempty"`

	// It must be a string of at most a few hundred characters, written in the
	// form that the documentation of the project describes. When several
	// objects name the same value, the one created first wins and the others
	// are marked as conflicting in their status. If the referenced object does
	// not exist yet, the controller waits for it and records a condition that
	// says so.
	// +optional
	Echo string `json:"echo,omitempty"`

	// Values are compared byte for byte; no normalization of case, whitespace
	// or Unicode forms takes place anywhere. Setting it to the empty string is
	// not the same as leaving it out; the former disables the feature
	// explicitly. The value is read by the controller each time the object
	// changes, and again whenever the resync period elapses.
	// +optional
	Foxtrot string `json:"foxtrot,omitempty"`

	// Leave it empty to keep the default that the controller picks from the
	// cluster-wide settings at startup. The webhook refuses values that do not
	// parse, and reports the offending part of the value in its response. The
	// field is copied verbatim into the generated configuration, so anything
	// valid there is accepted here as well.
	// +optional
	Golf string `json:"golf,omitempty"`

	// Operators should prefer the shorter form where possible, because the
	// longer one is kept only for compatibility. The status subresource
	// reports the value actually in use, which can lag behind this field for a
	// short while. Metrics about this field are exported under the prefix
	// given in the controller's flags, one series per object.
	// +optional
	Hotel string `json:"hotel,omitempty"`

	// The default changed in the last minor release; see the upgrade notes for
	// the reasons and for how to keep the old one. Changing it on a running
	// object takes effect at the next reconcile and does not restart anything
	// that already runs. Older versions of the API called this field
	// differently; the conversion keeps both names in step while both exist.
	// +optional
	India string `json:"india,omitempty"`

	// When several objects name the same value, the one created first wins and
	// the others are marked as conflicting in their status. If the referenced
	// object does not exist yet, the controller waits for it and records a
	// condition that says so. This setting interacts with the retention
	// policy: data kept longer than the policy allows is removed regardless.
	// +optional
	Juliett string `json:"juliett,omitempty"`

	// Setting it to the empty string is not the same as leaving it out; the
	// former disables the feature explicitly. The value is read by the
	// controller each time the object changes, and again whenever the resync
	// period elapses. It must be a string of at most a few hundred characters,
	// written in the form that the documentation of the project describes.
	// +optional
	Kilo string `json:"kilo,omitempty"`

	// The webhook refuses values that do not parse, and reports the offending
	// part of the value in its response. The field is copied verbatim into the
	// generated configuration, so anything valid there is accepted here as
	// well. Values are compared byte for byte; no normalization of case,
	// whitespace or Unicode forms takes place anywhere.
	// +optional
	Lima string `json:"lima,omitempty"`

	// The status subresource reports the value actually in use, which can lag
	// behind this field for a short while. Metrics about this field are
	// exported under the prefix given in the controller's flags, one series
	// per object. Leave it empty to keep the default that the controller picks
	// from the cluster-wide settings at startup.
	// +optional
	Mike string `json:"mike,omitempty"`

	// Changing it on a running object takes effect at the next reconcile and
	// does not restart anything that already runs. Older versions of the API
	// called this field differently; the conversion keeps both names in step
	// while both exist. Operators should prefer the shorter form where
	// possible, because the longer one is kept only for compatibility.
	// +optional
	November string `json:"november,omitempty"`

	// If the referenced object does not exist yet, the controller waits for it
	// and records a condition that says so. This setting interacts with the
	// retention policy: data kept longer than the policy allows is removed
	// regardless. The default changed in the last minor release; see the
	// upgrade notes for the reasons and for how to keep the old one.
	// +optional
	Oscar string `json:"oscar,omitempty"`

	// The value is read by the controller each time the object changes, and
	// again whenever the resync period elapses. It must be a string of at most
	// a few hundred characters, written in the form that the documentation of
	// the project describes. When several objects name the same value, the one
	// created first wins and the others are marked as conflicting in their
	// status.
	// +optional
	Papa string `json:"papa,omitempty"`
}

// Section is one level of the Almanac's contents.
type Section struct {
	// The field is copied verbatim into the generated configuration, so
	// anything valid there is accepted here as well. Values are compared byte
	// for byte; no normalization of case, whitespace or Unicode forms takes
	// place anywhere.
	// +optional
	Alpha Entry `json:"alpha,omitempty"`

	// Metrics about this field are exported under the prefix given in the
	// controller's flags, one series per object. Leave it empty to keep the
	// default that the controller picks from the cluster-wide settings at
	// startup.
	// +optional
	Bravo Entry `json:"bravo,omitempty"`

	// Older versions of the API called this field differently; the conversion
	// keeps both names in step while both exist. Operators should prefer the
	// shorter form where possible, because the longer one is kept only for
	// compatibility.
	// +optional
	Charlie Entry `json:"charlie,omitempty"`

	// This setting interacts with the retention policy: data kept longer than
	// the policy allows is removed regardless. The default changed in the last
	// minor release; see the upgrade notes for the reasons and for how to keep
	// the old one.
	// +optional
	Delta Entry `json:"delta,omitempty"`

	// It must be a string of at most a few hundred characters, written in the
	// form that the documentation of the project describes. When several
	// objects name the same value, the one created first wins and the others
	// are marked as conflicting in their status.
	// +optional
	Echo Entry `json:"echo,omitempty"`

	// Values are compared byte for byte; no normalization of case, whitespace
	// or Unicode forms takes place anywhere. Setting it to the empty string is
	// not the same as leaving it out; the former disables the feature
	// explicitly.
	// +optional
	Foxtrot Entry `json:"foxtrot,omitempty"`

	// Leave it empty to keep the default that the controller picks from the
	// cluster-wide settings at startup. The webhook refuses values that do not
	// parse, and reports the offending part of the value in its response.
	// +optional
	Golf Entry `json:"golf,omitempty"`

	// Operators should prefer the shorter form where possible, because the
	// longer one is kept only for compatibility. The status subresource
	// reports the value actually in use, which can lag behind this field for a
	// short while.
	// +optional
	Hotel Entry `json:"hotel,omitempty"`
}

// Volume is one level of the Almanac's contents.
type Volume struct {
	// The default changed in the last minor release; see the upgrade notes for
	// the reasons and for how to keep the old one. Changing it on a running
	// object takes effect at the next reconcile and does not restart anything
	// that already runs.
	// +optional
	Alpha Section `json:"alpha,omitempty"`

	// When several objects name the same value, the one created first wins and
	// the others are marked as conflicting in their status. If the referenced
	// object does not exist yet, the controller waits for it and records a
	// condition that says so.
	// +optional
	Bravo Section `json:"bravo,omitempty"`

	// Setting it to the empty string is not the same as leaving it out; the
	// former disables the feature explicitly. The value is read by the
	// controller each time the object changes, and again whenever the resync
	// period elapses.
	// +optional
	Charlie Section `json:"charlie,omitempty"`

	// The webhook refuses values that do not parse, and reports the offending
	// part of the value in its response. The field is copied verbatim into the
	// generated configuration, so anything valid there is accepted here as
	// well.
	// +optional
	Delta Section `json:"delta,omitempty"`

	// The status subresource reports the value actually in use, which can lag
	// behind this field for a short while. Metrics about this field are
	// exported under the prefix given in the controller's flags, one series
	// per object.
	// +optional
	Echo Section `json:"echo,omitempty"`

	// Changing it on a running object takes effect at the next reconcile and
	// does not restart anything that already runs. Older versions of the API
	// called this field differently; the conversion keeps both names in step
	// while both exist.
	// +optional
	Foxtrot Section `json:"foxtrot,omitempty"`

	// If the referenced object does not exist yet, the controller waits for it
	// and records a condition that says so. This setting interacts with the
	// retention policy: data kept longer than the policy allows is removed
	// regardless.
	// +optional
	Golf Section `json:"golf,omitempty"`

	// The value is read by the controller each time the object changes, and
	// again whenever the resync period elapses. It must be a string of at most
	// a few hundred characters, written in the form that the documentation of
	// the project describes.
	// +optional
	Hotel Section `json:"hotel,omitempty"`
}

// AlmanacSpec is the spec.
type AlmanacSpec struct {
	// Older versions of the API called this field differently; the conversion
	// keeps both names in step while both exist. Operators should prefer the
	// shorter form where possible, because the longer one is kept only for
	// compatibility. The status subresource reports the value actually in use,
	// which can lag behind this field for a short while. Metrics about this
	// field are exported under the prefix given in the controller's flags, one
	// series per object. Leave it empty to keep the default that the
	// controller picks from the cluster-wide settings at startup. The webhook
	// refuses values that do not parse, and reports the offending part of the
	// value in its response. The field is copied verbatim into the generated
	// configuration, so anything valid there is accepted here as well. Values
	// are compared byte for byte; no normalization of case, whitespace or
	// Unicode forms takes place anywhere. Setting it to the empty string is
	// not the same as leaving it out; the former disables the feature
	// explicitly. The value is read by the controller each time the object
	// changes, and again whenever the resync period elapses. It must be a
	// string of at most a few hundred characters, written in the form that the
	// documentation of the project describes. When several objects name the
	// same value, the one created first wins and the others are marked as
	// conflicting in their status.
	// +optional
	Preface string `json:"preface,omitempty"`

	// Operators should prefer the shorter form where possible, because the
	// longer one is kept only for compatibility. The status subresource
	// reports the value actually in use, which can lag behind this field for a
	// short while.
	// +optional
	Alpha Volume `json:"alpha,omitempty"`

	// The default changed in the last minor release; see the upgrade notes for
	// the reasons and for how to keep the old one. Changing it on a running
	// object takes effect at the next reconcile and does not restart anything
	// that already runs.
	// +optional
	Bravo Volume `json:"bravo,omitempty"`

	// When several objects name the same value, the one created first wins and
	// the others are marked as conflicting in their status. If the referenced
	// object does not exist yet, the controller waits for it and records a
	// condition that says so.
	// +optional
	Charlie Volume `json:"charlie,omitempty"`

	// Setting it to the empty string is not the same as leaving it out; the
	// former disables the feature explicitly. The value is read by the
	// controller each time the object changes, and again whenever the resync
	// period elapses.
	// +optional
	Delta Volume `json:"delta,omitempty"`

	// The webhook refuses values that do not parse, and reports the offending
	// part of the value in its response. The field is copied verbatim into the
	// generated configuration, so anything valid there is accepted here as
	// well.
	// +optional
	Echo Volume `json:"echo,omitempty"`

	// The status subresource reports the value actually in use, which can lag
	// behind this field for a short while. Metrics about this field are
	// exported under the prefix given in the controller's flags, one series
	// per object.
	// +optional
	Foxtrot Volume `json:"foxtrot,omitempty"`

	// Changing it on a running object takes effect at the next reconcile and
	// does not restart anything that already runs. Older versions of the API
	// called this field differently; the conversion keeps both names in step
	// while both exist.
	// +optional
	Golf Volume `json:"golf,omitempty"`

	// If the referenced object does not exist yet, the controller waits for it
	// and records a condition that says so. This setting interacts with the
	// retention policy: data kept longer than the policy allows is removed
	// regardless.
	// +optional
	Hotel Volume `json:"hotel,omitempty"`

	// The value is read by the controller each time the object changes, and
	// again whenever the resync period elapses. It must be a string of at most
	// a few hundred characters, written in the form that the documentation of
	// the project describes.
	// +optional
	India Volume `json:"india,omitempty"`

	// The field is copied verbatim into the generated configuration, so
	// anything valid there is accepted here as well. Values are compared byte
	// for byte; no normalization of case, whitespace or Unicode forms takes
	// place anywhere.
	// +optional
	Juliett Volume `json:"juliett,omitempty"`
}

// +kubebuilder:object:root=true

// Almanac is a kind whose schema is large: every level repeats the one
// below it, descriptions and all.
type Almanac struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec AlmanacSpec `json:"spec,omitempty"`
}
