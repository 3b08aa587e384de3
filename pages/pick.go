package pages

import (
	"context"

	"rentwatch/pages/read"
)

// Ask is what a Load reads beyond the list the readers choose: the list
// the user picked in the preview, and every list on the page for the
// preview to offer. The zero Ask reads as the readers choose.
type Ask struct {
	// Pick is the key of the list to read (read.ReadPick); "" for none.
	// A clean page without that list any more is Result.PickLost.
	Pick string
	// Lists asks for every list on the page, whole (Result.Lists).
	Lists bool
}

type askKey struct{}

// WithAsk returns ctx carrying ask for the Loads made with it. The ask
// travels with the request, not in Load's parameters, so that every loader
// between the engine and the Browser (wrappers, test doubles) passes it
// on untouched.
func WithAsk(ctx context.Context, ask Ask) context.Context {
	return context.WithValue(ctx, askKey{}, ask)
}

// AskOf is the Ask ctx carries; the zero Ask when none.
func AskOf(ctx context.Context) Ask {
	ask, _ := ctx.Value(askKey{}).(Ask)
	return ask
}

// readAsked reads a page's listings as ask says. lost is true when ask
// has a pick the page no longer holds: the reading is then the readers'
// own choice.
func readAsked(ask Ask, pageURL string, html []byte) (r read.Reading, lists []read.Candidate, lost bool) {
	if ask.Lists {
		lists = read.Lists(pageURL, html)
	}
	if ask.Pick == "" {
		return read.Read(pageURL, html), lists, false
	}
	r, ok := read.ReadPick(pageURL, html, ask.Pick)
	return r, lists, !ok
}
