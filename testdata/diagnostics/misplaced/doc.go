// +k8s:deepcopy-gen=package

// +k8s:deepcopy-gen:interfaces=diag.example/misplaced.Copier

// Package misplaced puts deepcopy markers where deepcopy-gen reads none.
package misplaced
