package uncopyable

// Pipe holds a channel.
type Pipe struct {
	Events chan string
}

// Hook holds a func.
type Hook struct {
	Run func() error
}

// Handled holds a func but copies itself by hand, so it is fine.
type Handled struct {
	Run func() error
}

// DeepCopyInto copies the receiver into out.
func (in *Handled) DeepCopyInto(out *Handled) { *out = *in }
