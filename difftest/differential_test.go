package difftest

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/difftest/gen"
)

// chosen are the families this run covers: -family, else those
// APIGEN_DIFFTEST_FAMILIES lists (comma-separated; .ci/run leaves the
// slowest out for its time budget), else all.
func chosen(t *testing.T) []*family {
	names := strings.Split(os.Getenv("APIGEN_DIFFTEST_FAMILIES"), ",")
	switch {
	case *onlyFamily != "":
		names = []string{*onlyFamily}
	case names[0] == "":
		return families
	}
	var out []*family
	for _, name := range names {
		i := slices.IndexFunc(families, func(f *family) bool { return f.name == name })
		if i < 0 {
			t.Fatalf("family %q: no such family", name)
		}
		out = append(out, families[i])
	}
	return out
}

// seedList is 1..n, or -seed alone.
func seedList(n int) []int64 {
	if *oneSeed != 0 {
		return []int64{*oneSeed}
	}
	var out []int64
	for s := range int64(n) {
		out = append(out, s+1)
	}
	return out
}

func root(seed int64) string { return fmt.Sprintf("s%d", seed) }

// TestDifferential runs each family's random packages through upstream's
// tool and ours and requires, per seed, the same bytes (and then the
// properties of the generated code), or upstream failing where ours says
// why. Bugs fail the test with the seed, which -seed reproduces.
func TestDifferential(t *testing.T) {
	eachFamily(t, *seeds, *batchSize, func(t *testing.T, f *family, s int64) *gen.API {
		return gen.Generate(f.dialect, s, root(s))
	})
}

// TestNearMiss runs each family's near misses: valid packages with one
// marker misspelt or given a value of the wrong type. Besides the
// classification of TestDifferential, ours must report a finding at the
// changed line, and never panic. Most near misses stop upstream, which
// then names only the first; so each runs alone.
func TestNearMiss(t *testing.T) {
	eachFamily(t, *nearSeeds, 1, func(t *testing.T, f *family, s int64) *gen.API {
		a := gen.NearMiss(f.dialect, gen.Generate(f.dialect, s, root(s)), s)
		if a != nil {
			if _, err := gen.Render(a); err != nil {
				t.Fatal(err)
			}
		}
		return a
	})
}

// eachFamily runs, for each family chosen, the APIs api makes of seeds
// 1..n (nil ones left out) in batches of size batch, and reports them.
// Families run in parallel (-test.parallel at a time): upstream's tools
// spend much of their time on one core.
func eachFamily(t *testing.T, n, batch int, api func(t *testing.T, f *family, seed int64) *gen.API) {
	if testing.Short() {
		t.Skip("builds upstream's tools")
	}
	for _, f := range chosen(t) {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, f)
			var apis []*gen.API
			for _, s := range seedList(n) {
				if a := api(t, f, s); a != nil {
					apis = append(apis, a)
				}
			}
			report(t, r, r.run(apis, batch))
		})
	}
}

// report fails t for every bug, shrinking it with -shrink, and logs the
// counts of each outcome.
func report(t *testing.T, r *runner, verdicts []verdict) {
	counts := map[outcome]int{}
	for _, v := range verdicts {
		counts[v.outcome]++
		switch {
		case v.outcome == bug:
			t.Errorf("seed %d: %s", v.api.Seed, v.detail)
			if *shrink {
				t.Logf("seed %d shrunk:\n%s", v.api.Seed, gen.Source(shrinkBug(r, v.api, v.detail)))
			} else if *oneSeed != 0 {
				t.Logf("seed %d:\n%s", v.api.Seed, gen.Source(v.api))
			}
		case testing.Verbose() && v.outcome != same:
			t.Logf("seed %d: %s: %s", v.api.Seed, v.outcome, v.detail)
		}
	}
	t.Logf("%s: %d seeds: %d same, %d upstream fails (ours says why), %d intended, %d bugs",
		r.f.name, len(verdicts), counts[same], counts[upstreamFails], counts[intended], counts[bug])
}

// shrinkBug reduces a to the fewest packages, types, fields and markers
// that still give a bug whose first line is the same.
func shrinkBug(r *runner, a *gen.API, detail string) *gen.API {
	first, _, _ := strings.Cut(detail, "\n")
	kind, _, _ := strings.Cut(first, ":")
	start := time.Now()
	return gen.Shrink(a, func(b *gen.API) bool {
		if b.Mutation != nil {
			if _, err := gen.Render(b); err != nil || b.Mutation.Line == 0 {
				return false
			}
		}
		v := r.batch([]*gen.API{b})[0]
		return v.outcome == bug && strings.HasPrefix(v.detail, kind) && time.Since(start) < 20*time.Minute
	})
}
