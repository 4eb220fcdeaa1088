// Package other has no package marker: only its types that ask for it
// are generated, and they are named by Go name.
package other
