package pages

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
)

// settleTypes are the requests a page may still render listings from.
// Stylesheets, images and the like never add listings, and an ad's beacons
// must not hold a page up.
var settleTypes = map[network.ResourceType]bool{
	network.ResourceTypeDocument: true, network.ResourceTypeScript: true,
	network.ResourceTypeXHR: true, network.ResourceTypeFetch: true,
}

// tabWatch follows one tab's events: the main document's latest response,
// the requests still in flight and the main frame's DOMContentLoaded. Its
// listen runs in chromedp's event loop, so it only records.
type tabWatch struct {
	crashed func()
	// dialog answers a dialog the page opened (browser_dialog.go); it is
	// called on a goroutine of its own.
	dialog func(*page.EventJavascriptDialogOpening)

	// mu guards the fields below.
	mu        sync.Mutex
	mainFrame cdp.FrameID
	doc       *network.Response // the main frame's latest document response
	inflight  map[network.RequestID]bool
	started   int       // requests started so far
	lastNet   time.Time // when a request of settleTypes last started or ended
	// domReady holds the loaders whose main-frame DOMContentLoaded was seen;
	// readyNote gets a token at each, for a waiter to look again.
	domReady  map[cdp.LoaderID]bool
	readyNote chan struct{}
	// mainDocs are the main frame's document requests by loader, with their
	// final response (after redirects); arrived marks those whose body has
	// fully arrived (Network.loadingFinished), for the early read. Each
	// arrival also sends readyNote a token.
	mainDocs map[cdp.LoaderID]mainDoc
	arrived  map[network.RequestID]bool
	// dialogs counts the dialogs the page opened; firstDialog says what the
	// first was, for the log.
	dialogs     int
	firstDialog string
}

// mainDoc is one main-frame document request and its response.
type mainDoc struct {
	id   network.RequestID
	resp *network.Response
}

func newTabWatch() *tabWatch {
	return &tabWatch{inflight: map[network.RequestID]bool{}, domReady: map[cdp.LoaderID]bool{},
		readyNote: make(chan struct{}, 1), mainDocs: map[cdp.LoaderID]mainDoc{}, arrived: map[network.RequestID]bool{}}
}

// frame is the tab's main frame.
func (w *tabWatch) frame() cdp.FrameID {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.mainFrame
}

// reset forgets what the pages before saw: the tab is reused (browser_tabs.go).
func (w *tabWatch) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.doc, w.started, w.lastNet = nil, 0, time.Time{}
	w.inflight, w.domReady = map[network.RequestID]bool{}, map[cdp.LoaderID]bool{}
	w.mainDocs, w.arrived = map[cdp.LoaderID]mainDoc{}, map[network.RequestID]bool{}
	w.dialogs, w.firstDialog = 0, ""
	select {
	case <-w.readyNote:
	default:
	}
}

// listen records one of the tab's events; chromedp's event loop calls it.
func (w *tabWatch) listen(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if settleTypes[ev.Type] {
			w.inflight[ev.RequestID] = true
			w.started++
			w.lastNet = time.Now()
		}
	case *network.EventLoadingFinished:
		w.finished(ev.RequestID)
		if _, ok := w.arrived[ev.RequestID]; ok {
			w.arrived[ev.RequestID] = true
			w.note()
		}
	case *network.EventLoadingFailed:
		w.finished(ev.RequestID)
	case *network.EventResponseReceived:
		w.responded(ev)
	case *page.EventLifecycleEvent:
		if ev.Name == "DOMContentLoaded" && ev.FrameID == w.mainFrame && w.domReady != nil {
			w.domReady[ev.LoaderID] = true
			w.note()
		}
	case *page.EventJavascriptDialogOpening:
		w.noteDialog(ev)
	case *inspector.EventTargetCrashed:
		if w.crashed != nil {
			go w.crashed()
		}
	}
}

// responded keeps a response of the main frame's document: the latest,
// and each loader's for the early read. The caller holds w.mu.
func (w *tabWatch) responded(ev *network.EventResponseReceived) {
	if ev.Type != network.ResourceTypeDocument || w.mainFrame == "" || ev.FrameID != w.mainFrame {
		return
	}
	w.doc = ev.Response
	if w.mainDocs != nil { // nil in a watch made without newTabWatch
		w.mainDocs[ev.LoaderID] = mainDoc{id: ev.RequestID, resp: ev.Response}
		w.arrived[ev.RequestID] = false
	}
}

// finished notes the end of a request; the caller holds w.mu.
func (w *tabWatch) finished(id network.RequestID) {
	if w.inflight[id] {
		delete(w.inflight, id)
		w.lastNet = time.Now()
	}
}

// note wakes a waiter on readyNote; the caller holds w.mu.
func (w *tabWatch) note() {
	select {
	case w.readyNote <- struct{}{}:
	default:
	}
}

// bodyArrived returns loader's main document once its body has fully
// arrived: its request (for Network.getResponseBody) and final response.
func (w *tabWatch) bodyArrived(loader cdp.LoaderID) (mainDoc, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	d, ok := w.mainDocs[loader]
	return d, ok && w.arrived[d.id]
}

// busy reports the requests in flight and how many have started.
func (w *tabWatch) busy() (inflight, started int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.inflight), w.started
}

// sawDOMReady reports whether the document of loader reached DOMContentLoaded.
func (w *tabWatch) sawDOMReady(loader cdp.LoaderID) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.domReady[loader]
}

// document returns the main document's status, headers and URL.
func (w *tabWatch) document() (int, http.Header, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.doc == nil {
		return 0, nil, ""
	}
	return int(w.doc.Status), HeaderOf(w.doc.Headers), w.doc.URL
}

// HeaderOf converts DevTools headers; repeated headers come joined by "\n".
func HeaderOf(h network.Headers) http.Header {
	out := make(http.Header, len(h))
	for k, v := range h {
		s, ok := v.(string)
		if !ok {
			continue
		}
		for _, line := range strings.Split(s, "\n") {
			out.Add(k, line)
		}
	}
	return out
}
