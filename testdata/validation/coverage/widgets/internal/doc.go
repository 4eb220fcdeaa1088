// +k8s:validation-gen=TypesWithField=TypeMeta

// Package widgets is not a versioned package: it gets no fixtures.
// (Were its group that of v1, no version of its Kinds would get any:
// upstream looks at the first package of a Kind only.)
package widgets
