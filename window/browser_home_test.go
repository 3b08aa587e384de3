package window

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserHomeNetworkSwitch: from Settings alone, no text editor and
// no restart: a password, then the switch; the section shows the address
// to type on the phone, and unticked it is gone again.
func TestBrowserHomeNetworkSwitch(t *testing.T) {
	port := freeLANPort(t)
	listen := fmt.Sprintf("127.0.0.5:%d", port)
	r := startRig(t, withComments, func(d *Deps) { d.HomeListen = listen })
	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/settings", "")), chromedp.WaitVisible(chromedp.ID("wp-new")))
	if off, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('#network-form input[name="home_network"]').disabled`)); !off {
		t.Error("the switch can be ticked before a password is set")
	}
	do(t, ctx, chromedp.SendKeys(chromedp.ID("wp-new"), lanPassword+"\r"))
	defer func() {
		if t.Failed() {
			h, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("network").outerHTML + " checked=" + document.querySelector('#network-form input[name="home_network"]').checked`))
			t.Log(h, r.file())
		}
	}()
	waitText(t, ctx, "#window-password-form [data-result]", "Saved the password.")
	// The switch from the keyboard (Tab to it, space): a click is lost
	// to the page's smooth scrolling when the switch is below the fold.
	sw := chromedp.CSS(`#network-form input[name="home_network"]`)
	do(t, ctx, chromedp.WaitEnabled(sw), chromedp.Focus(sw), chromedp.KeyEvent(" "))
	waitText(t, ctx, "#network-address", "https://"+listen+"/")
	if got := r.settings().Window.Listen; got != listen {
		t.Errorf("the settings file listens on %q, want %q", got, listen)
	}
	loginFromPhone(t, r, "https://"+listen)

	do(t, ctx, chromedp.Focus(sw), chromedp.KeyEvent(" "))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("network-address") && !document.querySelector('#network-form input[name="home_network"]').checked`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Error("switched off, and Settings still shows the home network's address")
	}
	if r.srv.NetworkAddress() != "" || strings.Contains(r.file(), "listen =") {
		t.Errorf("switched off, the window is at %q; the file:\n%s", r.srv.NetworkAddress(), r.file())
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}
