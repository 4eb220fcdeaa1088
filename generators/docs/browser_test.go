package docs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath is Debian's chromium, which TestSiteInBrowser drives.
const chromiumPath = "/usr/bin/chromium"

// The page and field that the screenshots and the search check use.
const (
	typePage    = "frobbers.example.com-v6.html"
	typeAnchor  = "frobberport"
	searchField = "appProtocol"
)

// viewport is a window size that the screenshots and the layout check
// use.
type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

func (vp viewport) emulate() chromedp.Action[chromedp.Void] {
	if vp.mobile {
		return chromedp.EmulateViewport(vp.width, vp.height, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.EmulateViewport(vp.width, vp.height)
}

var viewports = []viewport{
	{"desktop", 1280, 800, false},
	{"phone", 390, 844, true},
}

// TestSiteInBrowser opens the example's HTML site in headless Chromium:
// it takes screenshots at desktop and phone sizes, checks the layout of
// every page at both, follows every internal link, uses the search box,
// and fails on any console error or failed request of any page it loaded.
// The subtest broken_site shows that each check fails on a copy of the
// site that has the fault it looks for.
//
// APIGEN_SCREENSHOTS=DIR keeps the screenshots in DIR.
func TestSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("TestSiteInBrowser needs Debian's chromium at %s (apt-get install chromium): %v", chromiumPath, err)
	}
	dir := exampleSite(t)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	browser := startBrowser(t, ctx)
	t.Logf("started %s in %v", chromiumPath, time.Since(start).Round(time.Millisecond))
	base := serveSite(t, dir)
	tb := openTab(t, browser, base)

	t.Run("screenshots", func(t *testing.T) {
		out := t.TempDir()
		if d := os.Getenv("APIGEN_SCREENSHOTS"); d != "" {
			out = d
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range takeScreenshots(tb, out) {
			t.Error(p)
		}
		t.Logf("screenshots in %s", out)
	})

	t.Run("layout", func(t *testing.T) {
		for _, p := range checkLayout(tb, append(htmlFiles(t, dir), typePage+"#"+typeAnchor)) {
			t.Error(p)
		}
	})

	t.Run("links", func(t *testing.T) {
		res := crawl(tb, "index.html")
		for _, b := range res.broken {
			t.Error(b)
		}
		t.Logf("checked %d pages, %d internal links (%d distinct); counted %d external links (%d distinct), not followed",
			len(res.pages), res.internal, len(res.internalURLs), res.external, len(res.externalURLs))
		if len(res.pages) < 2 || res.internal == 0 {
			t.Errorf("the crawl reached only %v", res.pages)
		}
		for _, f := range htmlFiles(t, dir) {
			if !slices.Contains(res.pages, f) {
				t.Logf("note: %s is not linked from any page reached from index.html", f)
			}
		}
	})

	t.Run("search", func(t *testing.T) {
		for _, p := range checkSearch(tb, typePage, searchField) {
			t.Error(p)
		}
	})

	// The console check covers every page that the subtests above loaded.
	t.Run("console", func(t *testing.T) {
		for _, p := range tb.problems() {
			t.Error(p)
		}
		t.Logf("no console errors on %d page loads", tb.loads())
	})

	t.Run("broken_site", func(t *testing.T) {
		testBrokenSites(t, browser, dir)
	})
	t.Logf("browser checks took %v", time.Since(start).Round(time.Millisecond))
}

// testBrokenSites runs each check on a copy of the site with a fault that
// the check must report.
func testBrokenSites(t *testing.T, browser context.Context, dir string) {
	t.Run("links", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			"index.html": {`href="frobbers.example.com-v5-to-v6.html"`, `href="frobbers.example.com-v5-to-v7.html"`},
			typePage:     {`<li><a href="#frobberspec">`, `<li><a href="#frobberspek">`},
			// The section no longer has the id that the links to it name.
			"frobbers.example.com-v5.html": {`<section id="frobberselector">`, `<section>`},
		})))
		res := crawl(tb, "index.html")
		wantReported(t, "broken links", res.broken,
			`index.html: <a href="frobbers.example.com-v5-to-v7.html">`,
			typePage+`: <a href="#frobberspek">`,
			`frobbers.example.com-v5.html: <a href="#frobberselector">`,
		)
	})
	t.Run("search", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			"search.js": {"", "// a no-op\n"},
		})))
		wantReported(t, "search problems", checkSearch(tb, typePage, searchField), `listed no results`)
	})
	t.Run("field_anchor", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			typePage: {`<tr id="frobberport-appProtocol">`, `<tr>`},
		})))
		wantReported(t, "search problems", checkSearch(tb, typePage, searchField), `no element with id "frobberport-appProtocol"`)
	})
	t.Run("console", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			"frobbers.example.com-v5.html": {"</body>", `<script>console.error("x")</script>
<script>console.warn("careful")</script>
<script>throw new Error("boom")</script>
<img src="missing.png" alt="">
</body>`},
		})))
		crawl(tb, "index.html")
		wantReported(t, "console problems", tb.problems(),
			`frobbers.example.com-v5.html: console.error: x`,
			`frobbers.example.com-v5.html: console.warning: careful`,
			`frobbers.example.com-v5.html: uncaught exception: Uncaught Error: boom`,
			`frobbers.example.com-v5.html: HTTP 404 for missing.png`,
			`frobbers.example.com-v5.html: log error (network): Failed to load resource`,
		)
	})
	t.Run("layout", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			"index.html": {"</main>", `<div style="width: 30em">too wide for a phone</div>
<div style="width: 5em"><code style="overflow-wrap: anywhere">aVeryLongIdentifier</code></div>
</main>`},
			typePage: {"</body>", `<div style="position: fixed; inset: 0; z-index: 2" class="overlay"></div></body>`},
		})))
		wantReported(t, "layout problems", checkLayout(tb, []string{"index.html", typePage + "#" + typeAnchor}),
			"index.html (phone): the page is",
			"index.html (desktop): <code>aVeryLongIdentifier</code> is broken across lines",
			typePage+"#"+typeAnchor+" (desktop): #frobberport is hidden under div.overlay",
		)
	})
	t.Run("screenshots", func(t *testing.T) {
		t.Parallel()
		tb := openTab(t, browser, serveSite(t, brokenCopy(t, dir, map[string][2]string{
			"index.html": {"<body>", `<body style="visibility: hidden">`},
		})))
		shot := func(page string) []byte {
			t.Helper()
			if _, err := tb.load(page); err != nil {
				t.Fatal(err)
			}
			b, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		good, blank := shot(typePage), shot("index.html")
		if err := checkPNG(good, 1280, 800); err != nil {
			t.Fatalf("checkPNG rejects a good screenshot: %v", err)
		}
		var problems []string
		for _, c := range []struct {
			what string
			b    []byte
			w, h int
		}{
			{"blank page", blank, 1280, 800},
			{"wrong width", good, 390, 800},
			{"truncated file", good[:len(good)/2], 1280, 800},
			{"GIF", []byte("GIF89a\x01\x00\x01\x00"), 1280, 800},
		} {
			if err := checkPNG(c.b, c.w, c.h); err != nil {
				problems = append(problems, c.what+": "+err.Error())
			} else {
				t.Errorf("checkPNG accepts a %s", c.what)
			}
		}
		t.Logf("checkPNG rejects, as expected:\n%s", strings.Join(problems, "\n"))
	})
}

// wantReported fails t unless each of want is a substring of one of got.
func wantReported(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
			t.Errorf("%s do not report %q; got:\n%s", what, w, strings.Join(got, "\n"))
		}
	}
	if !t.Failed() {
		t.Logf("%s reported, as expected:\n%s", what, strings.Join(got, "\n"))
	}
}

// brokenCopy copies the site in dir and, in each named file, replaces the
// first occurrence of the first string with the second; an empty first
// string replaces the whole file.
func brokenCopy(t *testing.T, dir string, edits map[string][2]string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "html")
	if err := os.CopyFS(out, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	for name, e := range edits {
		path := filepath.Join(out, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := e[1]
		if e[0] != "" {
			if !bytes.Contains(b, []byte(e[0])) {
				t.Fatalf("%s has no %q to break", name, e[0])
			}
			s = strings.Replace(string(b), e[0], e[1], 1)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// htmlFiles lists the HTML pages in dir.
func htmlFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

// startBrowser starts headless Chromium, and returns its context.
func startBrowser(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	var output syncBuffer
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox, // the tests can run as root
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		// No connections but to the test's server.
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
		chromedp.CombinedOutput(&output),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v\n%s", chromiumPath, err, output.String())
	}
	return bctx
}

// syncBuffer is the browser's output.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// serveSite serves dir on loopback and returns the site's URL, ending in
// a slash. Pages are not cached, so each load is a request, and
// index.html is served as it is, not redirected to ./ as
// http.FileServer does.
func serveSite(t *testing.T, dir string) string {
	t.Helper()
	root := http.Dir(dir)
	files := http.FileServer(root)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if strings.HasSuffix(r.URL.Path, "/index.html") {
			f, err := root.Open(r.URL.Path)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			defer f.Close()
			http.ServeContent(w, r, "index.html", time.Time{}, f)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// tab is a browser tab on the site, which records the console errors and
// failed requests of every page that it loads.
type tab struct {
	ctx  context.Context
	base string

	mu       sync.Mutex
	page     string                       // the page loading now, relative to base
	url      string                       // the URL last loaded
	nloads   int                          // how many pages were loaded
	requests map[network.RequestID]string // the URL of each request
	errs     []string
}

// openTab opens a tab on the site at base, at the desktop viewport.
func openTab(t *testing.T, browser context.Context, base string) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	tb := &tab{ctx: ctx, base: base, requests: map[network.RequestID]string{}}
	if err := chromedp.Listen(ctx, tb.record); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, viewports[0].emulate()); err != nil {
		t.Fatal(err)
	}
	return tb
}

// rel is u relative to the site.
func (tb *tab) rel(u string) string {
	if r, ok := strings.CutPrefix(u, tb.base); ok {
		return r
	}
	return u
}

// record is called, in order, with every event of the tab.
func (tb *tab) record(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	add := func(format string, args ...any) {
		tb.errs = append(tb.errs, tb.page+": "+fmt.Sprintf(format, args...))
	}
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		switch ev.Type {
		case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeWarning, runtime.ConsoleAPICalledTypeAssert:
			var args []string
			for _, a := range ev.Args {
				args = append(args, remoteText(a))
			}
			add("console.%s: %s%s", ev.Type, strings.Join(args, " "), tb.where(ev.StackTrace))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			desc, _, _ := strings.Cut(remoteText(d.Exception), "\n")
			text += " " + desc
		}
		add("uncaught exception: %s (%s:%d)", text, tb.rel(d.URL), d.LineNumber+1)
	case *log.EventEntryAdded:
		if e := ev.Entry; e.Level == log.EntryLevelError {
			add("log error (%s): %s (%s)", e.Source, e.Text, tb.rel(e.URL))
		}
	case *network.EventRequestWillBeSent:
		tb.requests[ev.RequestID] = ev.Request.URL
	case *network.EventResponseReceived:
		if r := ev.Response; strings.HasPrefix(r.URL, tb.base) && r.Status != http.StatusOK {
			add("HTTP %d for %s", r.Status, tb.rel(r.URL))
		}
	case *network.EventLoadingFailed:
		if !ev.Canceled {
			add("loading %s failed: %s", tb.rel(tb.requests[ev.RequestID]), ev.ErrorText)
		}
	}
}

// where is the place of a console call.
func (tb *tab) where(st *runtime.StackTrace) string {
	if st == nil || len(st.CallFrames) == 0 {
		return ""
	}
	f := st.CallFrames[0]
	return fmt.Sprintf(" (%s:%d)", tb.rel(f.URL), f.LineNumber+1)
}

// remoteText is a console argument as text.
func remoteText(o *runtime.RemoteObject) string {
	if o.Type == runtime.RemoteObjectTypeString {
		var s string
		if err := json.Unmarshal([]byte(o.Value), &s); err == nil {
			return s
		}
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Value)
}

func (tb *tab) problems() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return slices.Clone(tb.errs)
}

func (tb *tab) loads() int {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.nloads
}

// load loads the page at u (absolute, or relative to the site) and
// returns the HTTP status of its document.
func (tb *tab) load(u string) (int64, error) {
	if !strings.Contains(u, "://") {
		u = tb.base + u
	}
	tb.mu.Lock()
	last := tb.url
	tb.url = u
	tb.page, _, _ = strings.Cut(tb.rel(u), "#")
	tb.nloads++
	tb.mu.Unlock()
	if doc, _, _ := strings.Cut(last, "#"); doc == tb.base+tb.page {
		// Only the fragment differs: leave the page, so that it loads
		// again and not just scrolls.
		if err := chromedp.Do(tb.ctx, chromedp.Navigate("about:blank")); err != nil {
			return 0, err
		}
	}
	resp, err := chromedp.Run(tb.ctx, chromedp.NavigateResponse(u))
	if err != nil {
		return 0, err
	}
	if resp == nil {
		return 0, errors.New("no response")
	}
	// Let the page settle: two frames, after which its scripts ran and
	// the browser scrolled to the fragment.
	err = chromedp.Do(tb.ctx, chromedp.Evaluate[chromedp.Void](
		`new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))`,
		chromedp.EvalAwaitPromise))
	return resp.Status, err
}

// takeScreenshots saves the index and the type page at each viewport in
// out, and returns what is wrong with them.
func takeScreenshots(tb *tab, out string) []string {
	var problems []string
	defer chromedp.Do(tb.ctx, viewports[0].emulate())
	for _, vp := range viewports {
		if err := chromedp.Do(tb.ctx, vp.emulate()); err != nil {
			return append(problems, err.Error())
		}
		for _, shot := range []struct{ name, page string }{
			{"index", "index.html"},
			{"type", typePage + "#" + typeAnchor},
		} {
			file := shot.name + "-" + vp.name + ".png"
			if status, err := tb.load(shot.page); err != nil || status != http.StatusOK {
				problems = append(problems, fmt.Sprintf("%s: loading %s: HTTP %d, %v", file, shot.page, status, err))
				continue
			}
			b, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", file, err))
				continue
			}
			if err := os.WriteFile(filepath.Join(out, file), b, 0o644); err != nil {
				problems = append(problems, err.Error())
			}
			if err := checkPNG(b, int(vp.width), int(vp.height)); err != nil {
				problems = append(problems, fmt.Sprintf("%s: %v", file, err))
			}
		}
	}
	return problems
}

// hiddenJS defines hidden(e), which tells whether the element e can be
// seen: "" if it can, else why not, as in "under header" or
// "under ul#search-results". It looks at five points across the middle
// of e.
const hiddenJS = `function hidden(e) {
	const r = e.getBoundingClientRect();
	for (const f of [0.02, 0.25, 0.5, 0.75, 0.98]) {
		const x = r.left + f * r.width, y = r.top + r.height / 2;
		if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
			return "outside the viewport";
		}
		let hit = document.elementFromPoint(x, y);
		if (!hit || e.contains(hit)) {
			continue;
		}
		hit = hit.closest("header, #search-results") || hit;
		return "under " + hit.tagName.toLowerCase() + (hit.id ? "#" + hit.id : "") + (hit.className ? "." + hit.className.split(" ").join(".") : "");
	}
	return "";
}`

// layoutJS lists what is wrong with the layout of the page as shown.
const layoutJS = `(() => {
	` + hiddenJS + `
	const out = [];
	const doc = document.documentElement;
	if (doc.scrollWidth > doc.clientWidth) {
		out.push("the page is " + (doc.scrollWidth - doc.clientWidth) + "px wider than the viewport, and scrolls sideways");
	}
	// A name (no space, not too long) fits on a line, and must not be
	// broken in the middle.
	for (const c of document.querySelectorAll("code")) {
		const text = c.textContent;
		if (!/\s/.test(text) && text.length <= 40 && c.getClientRects().length > 1) {
			const where = c.closest("[id]");
			out.push("<code>" + text + "</code> is broken across lines" + (where ? " (in #" + where.id + ")" : ""));
		}
	}
	// The element that the URL's fragment names is in view, its heading
	// for a section.
	const target = document.querySelector(":target");
	if (location.hash && !target) {
		out.push("no element has the id of " + location.hash);
	}
	if (target) {
		const by = hidden(target.matches("section") ? target.querySelector("h2") || target : target);
		if (by) {
			out.push("#" + target.id + " is hidden " + by);
		}
	}
	return out;
})()`

// checkLayout loads each page at each viewport, and reports what is wrong
// with its layout: sideways scrolling, names broken across lines, and the
// element that the fragment names out of view.
func checkLayout(tb *tab, pages []string) []string {
	var problems []string
	defer chromedp.Do(tb.ctx, viewports[0].emulate())
	for _, vp := range viewports {
		if err := chromedp.Do(tb.ctx, vp.emulate()); err != nil {
			return append(problems, err.Error())
		}
		for _, page := range pages {
			if status, err := tb.load(page); err != nil || status != http.StatusOK {
				problems = append(problems, fmt.Sprintf("%s (%s): HTTP %d, %v", page, vp.name, status, err))
				continue
			}
			found, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](layoutJS))
			if err != nil {
				found = []string{err.Error()}
			}
			for _, f := range found {
				problems = append(problems, fmt.Sprintf("%s (%s): %s", page, vp.name, f))
			}
		}
	}
	return problems
}

// checkPNG checks that b is a PNG image of the given size that shows
// something: not one colour, or nearly so.
func checkPNG(b []byte, width, height int) error {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("not a valid PNG: %v", err)
	}
	r := img.Bounds()
	if r.Dx() != width || r.Dy() != height {
		return fmt.Errorf("is %dx%d, want %dx%d", r.Dx(), r.Dy(), width, height)
	}
	counts := map[color.RGBA]int{}
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
			n++
		}
	}
	most := 0
	for _, c := range counts {
		most = max(most, c)
	}
	if len(counts) < 16 || n-most < n/200 {
		return fmt.Errorf("looks blank: %d colours, %.2f%% of pixels not the background", len(counts), 100*float64(n-most)/float64(n))
	}
	return nil
}

// pageInfo is what the crawl reads from a page's DOM.
type pageInfo struct {
	Links []struct {
		Href string `json:"href"` // as written
		URL  string `json:"url"`  // resolved
	} `json:"links"`
	IDs []string `json:"ids"`
}

const pageInfoJS = `(() => ({
	links: Array.from(document.querySelectorAll("a[href]"), a => ({href: a.getAttribute("href"), url: a.href})),
	ids: Array.from(document.querySelectorAll("[id], a[name]"), e => e.id || e.name),
}))()`

// crawlResult is what crawl found.
type crawlResult struct {
	pages              []string // the pages loaded, relative to the site
	internal, external int      // links, counting each occurrence
	internalURLs       map[string]bool
	externalURLs       map[string]bool
	broken             []string
}

// crawl loads the site's pages from start on, following every link to the
// site, and reports each link to a page that does not load with status
// 200, or to a fragment that names no element of its page.
func crawl(tb *tab, start string) crawlResult {
	res := crawlResult{internalURLs: map[string]bool{}, externalURLs: map[string]bool{}}
	site, _ := url.Parse(tb.base)
	type link struct{ from, href, url string }
	var links []link
	failed := map[string]string{}       // page URL: why it did not load
	ids := map[string]map[string]bool{} // page URL: the ids of its elements
	queue := []string{tb.base + start}
	seen := map[string]bool{queue[0]: true}
	for len(queue) > 0 {
		page := queue[0]
		queue = queue[1:]
		res.pages = append(res.pages, tb.rel(page))
		status, err := tb.load(page)
		if err != nil {
			failed[page] = err.Error()
			continue
		}
		if status != http.StatusOK {
			failed[page] = fmt.Sprintf("HTTP %d", status)
			continue
		}
		info, err := chromedp.Run(tb.ctx, chromedp.Evaluate[pageInfo](pageInfoJS))
		if err != nil {
			failed[page] = err.Error()
			continue
		}
		ids[page] = map[string]bool{}
		for _, id := range info.IDs {
			ids[page][id] = true
		}
		for _, l := range info.Links {
			u, err := url.Parse(l.URL)
			if err != nil || u.Scheme != site.Scheme || u.Host != site.Host {
				res.external++
				res.externalURLs[l.URL] = true
				continue
			}
			res.internal++
			res.internalURLs[l.URL] = true
			links = append(links, link{tb.rel(page), l.Href, l.URL})
			u.Fragment, u.RawFragment = "", ""
			if target := u.String(); !seen[target] {
				seen[target] = true
				queue = append(queue, target)
			}
		}
	}
	for _, l := range links {
		u, _ := url.Parse(l.url)
		frag := u.EscapedFragment()
		u.Fragment, u.RawFragment = "", ""
		target := u.String()
		switch {
		case failed[target] != "":
			res.broken = append(res.broken, fmt.Sprintf("%s: <a href=%q>: %s does not load: %s", l.from, l.href, tb.rel(target), failed[target]))
		case frag != "" && !ids[target][frag] && !ids[target][u.Fragment] && !ids[target][mustUnescape(frag)]:
			res.broken = append(res.broken, fmt.Sprintf("%s: <a href=%q>: %s has no element with id %q", l.from, l.href, tb.rel(target), frag))
		}
	}
	return res
}

func mustUnescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// searchResult is a link that the search box lists.
type searchResult struct {
	Text string `json:"text"`
	Href string `json:"href"`
}

// checkSearch types field into the search box of page, with key events,
// and checks that the results link to the field's row on that page, and
// that clicking the link goes there.
func checkSearch(tb *tab, page, field string) []string {
	if status, err := tb.load(page); err != nil || status != http.StatusOK {
		return []string{fmt.Sprintf("loading %s: HTTP %d, %v", page, status, err)}
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("search"), field)); err != nil {
		return []string{fmt.Sprintf("%s: typing into #search: %v", page, err)}
	}
	var results []searchResult
	for deadline := time.Now().Add(500 * time.Millisecond); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var err error
		results, err = chromedp.Run(ctx, chromedp.Evaluate[[]searchResult](
			`Array.from(document.querySelectorAll("#search-results a"), a => ({text: a.textContent, href: a.getAttribute("href")}))`))
		if err != nil {
			return []string{fmt.Sprintf("%s: reading #search-results: %v", page, err)}
		}
		if len(results) > 0 {
			break
		}
	}
	if len(results) == 0 {
		return []string{fmt.Sprintf("%s: typing %q into #search listed no results in #search-results", page, field)}
	}
	var hit *searchResult
	for i, r := range results {
		typ, ok := strings.CutSuffix(r.Text, "."+field)
		if ok && r.Href == page+"#"+strings.ToLower(typ)+"-"+field {
			hit = &results[i]
			break
		}
	}
	if hit == nil {
		return []string{fmt.Sprintf("%s: no result for %q is \"<Type>.%s\" linking to %s#<type>-%s; results: %v", page, field, field, page, field, results)}
	}
	id := strings.TrimPrefix(hit.Href, page+"#")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#search-results a[href=%q]`, hit.Href)))); err != nil {
		return []string{fmt.Sprintf("%s: clicking the result %q: %v", page, hit.Text, err)}
	}
	var hash string
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && hash != "#"+id; time.Sleep(20 * time.Millisecond) {
		hash, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
	}
	if hash != "#"+id {
		return []string{fmt.Sprintf("%s: after clicking the result %q, location.hash is %q, want %q", page, hit.Text, hash, "#"+id)}
	}
	row, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
		`+hiddenJS+`
		const e = document.getElementById(%q);
		if (!e) return [];
		const code = e.querySelector("td:first-child code");
		return [e.tagName + " " + (code ? code.textContent : "") + " " + (document.querySelector(":target") === e), hidden(e)];
	})()`, id)))
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", page, err)}
	}
	if len(row) == 0 {
		return []string{fmt.Sprintf("%s: the result %q links to #%s, but there is no element with id %q", page, hit.Text, id, id)}
	}
	if want := "TR " + field + " true"; row[0] != want {
		return []string{fmt.Sprintf("%s: #%s is %q (tag, first cell, :target), want %q", page, id, row[0], want)}
	}
	if row[1] != "" {
		return []string{fmt.Sprintf("%s: after clicking the result %q, the row #%s is hidden %s", page, hit.Text, id, row[1])}
	}
	return nil
}
