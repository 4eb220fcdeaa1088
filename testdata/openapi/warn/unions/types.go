package unions

// Required has a member that is not optional.
// +union
type Required struct {
	// +unionDiscriminator
	Kind string `json:"kind"`
	// +optional
	Circle *int32 `json:"circle,omitempty"`
	Square *int32 `json:"square"`
}

// Deprecated marks a member of a +union struct +unionDeprecated.
// +union
type Deprecated struct {
	// +unionDiscriminator
	Kind string `json:"kind"`
	// +unionDeprecated
	// +optional
	Circle *int32 `json:"circle,omitempty"`
}

// TwoDiscriminators has two.
// +union
type TwoDiscriminators struct {
	// +unionDiscriminator
	Kind string `json:"kind"`
	// +unionDiscriminator
	Type string `json:"type"`
	// +optional
	Circle *int32 `json:"circle,omitempty"`
}

// DiscriminatorMember makes its discriminator a member too.
type DiscriminatorMember struct {
	// +unionDiscriminator
	// +unionDeprecated
	// +optional
	Kind *string `json:"kind,omitempty"`
	// +unionDeprecated
	// +optional
	Circle *int32 `json:"circle,omitempty"`
}
