package outbox

import (
	"bytes"
	"encoding/xml"
	"net/url"
	"strings"

	toast "git.sr.ht/~jackmordaunt/go-toast"
)

// The pure half of the Windows pop-ups (clicks_windows.go holds the part
// that talks to Windows): what a toast says and what a click on it opens,
// built and tested on every system.
//
// A click on a new-listing toast opens the listing by protocol activation:
// Windows itself hands the https URL to the default browser, even when
// rentwatch has quit since. A "needs you" toast comes back to the running
// app instead (foreground activation, through go-toast's COM activator),
// which opens the check-by-hand window; once rentwatch has quit, a click on
// it only dismisses it.

// toastAppID is the name Windows shows above the toast and groups it by.
const toastAppID = appName

// manualScheme starts the launch argument of a "needs you" toast, which
// comes back to the app's activation callback.
const manualScheme = "rentwatch:manual?url="

// toastFor is the toast for one pop-up. title is plain text; body is
// escaped for a Linux notification server's markup (as popUpsFor makes
// it) and is unescaped here, a toast's text being plain. go-toast fills
// its XML template without escaping anything, so every value is made safe
// for the spot it lands in: attributes escaped, text kept inside its CDATA
// section, characters XML cannot carry dropped. The icon is not in it: it
// goes into the registry with the app's name (NewClickable), unescaped, and
// Windows shows it on every toast of the app. Only an http(s) URL is ever
// launched by protocol activation: a listing's link comes from a web page,
// and another scheme (file:, ms-settings:, search-ms:) could start a
// program.
func toastFor(title, body string, open Action) toast.Notification {
	n := toast.Notification{
		AppID:          toastAppID,
		Title:          cdata(xmlChars(title)),
		Body:           cdata(xmlChars(unescapeMarkup(body))),
		ActivationType: toast.Foreground, // a click on a toast that opens nothing brings nothing up
		Duration:       toast.Long,       // a room hunter may be across the room: the sound calls, the toast waits
		Audio:          toast.Default,
	}
	switch open.Kind {
	case OpenWeb:
		if u := webLink(open.URL); u != "" {
			n.ActivationType, n.ActivationArguments = toast.Protocol, attr(u)
		}
	case OpenManual:
		if u := webLink(open.URL); u != "" {
			n.ActivationArguments = attr(manualScheme + url.QueryEscape(u))
		}
	}
	return n
}

// parseActivation reads the launch argument of a toast that came back to
// the app; ok is false for anything it did not write itself.
func parseActivation(args string) (Action, bool) {
	q, found := strings.CutPrefix(args, manualScheme)
	if !found {
		return Action{}, false
	}
	u, err := url.QueryUnescape(q)
	if err != nil || webLink(u) == "" {
		return Action{}, false
	}
	return Action{Kind: OpenManual, URL: webLink(u)}, true
}

// attr escapes s for an attribute value in double quotes.
func attr(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(xmlChars(s))) // writes to a buffer: never fails
	return b.String()
}

// cdata keeps s inside the CDATA section the template puts it in: a "]]>"
// in it would end the section early.
func cdata(s string) string {
	return strings.ReplaceAll(s, "]]>", "]]]]><![CDATA[>")
}

// xmlChars drops the characters an XML document cannot hold (most control
// characters, U+FFFE and U+FFFF; broken UTF-8 becomes U+FFFD): Windows
// refuses the whole toast for one of them.
func xmlChars(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t', r == '\n', r == '\r':
			return r
		case r < 0x20, r == 0xFFFE, r == 0xFFFF:
			return -1
		}
		return r
	}, s)
}

var markupUnescaper = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&")

// unescapeMarkup undoes escapeMarkup.
func unescapeMarkup(s string) string { return markupUnescaper.Replace(s) }
