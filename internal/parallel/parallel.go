// Package parallel runs independent pieces of work on all CPUs.
package parallel

import (
	"runtime"
	"sync"
)

// Each calls fn for every index below n, at most GOMAXPROCS at a time,
// starting them in index order, and returns once all have returned.
func Each(n int, fn func(i int)) {
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next {
				fn(i)
			}
		})
	}
	wg.Wait()
}
