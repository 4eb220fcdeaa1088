package generate

// Pipe carries events.
type Pipe struct {
	Events chan string // want `cannot deep-copy field Pipe.Events: a channel has no copy semantics; write DeepCopyInto for Pipe by hand`
}
