// Package scheme: this file is written by hand. Its presence makes the
// generated scheme call ExtraAddToScheme.
package scheme
