package pages

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Page dialogs. A page that calls alert(), confirm() or prompt() stops
// until the dialog is answered: in a headless tab no one ever answers it,
// so the page never reaches DOMContentLoaded and every call into it hangs
// until the Load times out. Portals do show them (a cookie notice, "are you
// still there?"). Every dialog in the watcher's tabs is answered the moment
// it opens, whatever the Load is doing then (the early read, the settle, a
// challenge's wait-out, an auto-reply, the tab's close): alert, confirm and
// prompt are dismissed (Cancel: the watcher agrees to nothing on the
// user's behalf), and a "leave this page?" (onbeforeunload) is accepted, so
// the navigation or the close it holds up goes on.

// dismissDialog answers ev in the tab of ctx, which must be the tab's own
// context (alive until the tab is closed).
func dismissDialog(ctx context.Context, ev *page.EventJavascriptDialogOpening) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, _ = chromedp.Call(cctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{
		Accept: ev.Type == page.DialogTypeBeforeunload})
}

// noteDialog counts ev and hands it to the tab's dialog handler; the caller
// holds w.mu and is chromedp's event loop, which must not wait for the
// answer.
func (w *tabWatch) noteDialog(ev *page.EventJavascriptDialogOpening) {
	w.dialogs++
	if w.firstDialog == "" {
		w.firstDialog = fmt.Sprintf("%s %q", ev.Type, clip(ev.Message, 80))
	}
	if w.dialog != nil {
		go w.dialog(ev)
	}
}

// logDialogs notes, once per tab, the dialogs answered in it.
func (b *Browser) logDialogs(pageURL string, w *tabWatch) {
	w.mu.Lock()
	n, first := w.dialogs, w.firstDialog
	w.mu.Unlock()
	if n > 0 {
		b.opts.Log.Debug("dismissed the page's dialogs", "url", pageURL, "dialogs", n, "first", first)
	}
}

// clip cuts s to at most n runes, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
