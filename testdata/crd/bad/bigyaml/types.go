// The CRD of this package is over 256 KiB as YAML (319710 bytes), but not as
// JSON (212096 bytes), which is what kubectl sends and keeps in its
// last-applied-configuration annotation: client-side apply works, and there
// is nothing to report (cmd/controller-gen's TestSizeLimits).

// +groupName=bad.example
package bigyaml

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Page is one level of the Globe's contents.
type Page struct {
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
}

// Chapter is one level of the Globe's contents.
type Chapter struct {
	// The default changed in the last minor release; see the upgrade notes for
	// the reasons and for how to keep the old one.
	// +optional
	Alpha Page `json:"alpha,omitempty"`

	// When several objects name the same value, the one created first wins and
	// the others are marked as conflicting in their status.
	// +optional
	Bravo Page `json:"bravo,omitempty"`

	// Setting it to the empty string is not the same as leaving it out; the
	// former disables the feature explicitly.
	// +optional
	Charlie Page `json:"charlie,omitempty"`

	// The webhook refuses values that do not parse, and reports the offending
	// part of the value in its response.
	// +optional
	Delta Page `json:"delta,omitempty"`

	// The status subresource reports the value actually in use, which can lag
	// behind this field for a short while.
	// +optional
	Echo Page `json:"echo,omitempty"`

	// Changing it on a running object takes effect at the next reconcile and
	// does not restart anything that already runs.
	// +optional
	Foxtrot Page `json:"foxtrot,omitempty"`

	// If the referenced object does not exist yet, the controller waits for it
	// and records a condition that says so.
	// +optional
	Golf Page `json:"golf,omitempty"`

	// The value is read by the controller each time the object changes, and
	// again whenever the resync period elapses.
	// +optional
	Hotel Page `json:"hotel,omitempty"`
}

// GlobeSpec is the spec.
type GlobeSpec struct {
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
	// conflicting in their status. If the referenced object does not exist
	// yet, the controller waits for it and records a condition that says so.
	// This setting interacts with the retention policy: data kept longer than
	// the policy allows is removed regardless. The default changed in the last
	// minor release; see the upgrade notes for the reasons and for how to keep
	// the old one. Changing it on a running object takes effect at the next
	// reconcile and does not restart anything that already runs. Older
	// versions of the API called this field differently; the conversion keeps
	// both names in step while both exist. Operators should prefer the shorter
	// form where possible, because the longer one is kept only for
	// compatibility. The status subresource reports the value actually in use,
	// which can lag behind this field for a short while. Metrics about this
	// field are exported under the prefix given in the controller's flags, one
	// series per object.
	// +optional
	Preface string `json:"preface,omitempty"`

	// Operators should prefer the shorter form where possible, because the
	// longer one is kept only for compatibility.
	// +optional
	Alpha Chapter `json:"alpha,omitempty"`

	// The default changed in the last minor release; see the upgrade notes for
	// the reasons and for how to keep the old one.
	// +optional
	Bravo Chapter `json:"bravo,omitempty"`

	// When several objects name the same value, the one created first wins and
	// the others are marked as conflicting in their status.
	// +optional
	Charlie Chapter `json:"charlie,omitempty"`

	// Setting it to the empty string is not the same as leaving it out; the
	// former disables the feature explicitly.
	// +optional
	Delta Chapter `json:"delta,omitempty"`

	// The webhook refuses values that do not parse, and reports the offending
	// part of the value in its response.
	// +optional
	Echo Chapter `json:"echo,omitempty"`

	// The status subresource reports the value actually in use, which can lag
	// behind this field for a short while.
	// +optional
	Foxtrot Chapter `json:"foxtrot,omitempty"`

	// Changing it on a running object takes effect at the next reconcile and
	// does not restart anything that already runs.
	// +optional
	Golf Chapter `json:"golf,omitempty"`

	// If the referenced object does not exist yet, the controller waits for it
	// and records a condition that says so.
	// +optional
	Hotel Chapter `json:"hotel,omitempty"`
}

// +kubebuilder:object:root=true

// Globe is a kind whose schema is large: every level repeats the one
// below it, descriptions and all.
type Globe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GlobeSpec `json:"spec,omitempty"`
}
