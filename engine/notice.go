package engine

import (
	"fmt"
	"strings"
	"time"
)

// ManualReminder is how long the window of a check by hand may stay open
// before the user is reminded to close it: while it is open its site is
// not watched, and a user who passed the check and walked away would get
// no alerts from it at all.
const ManualReminder = 10 * time.Minute

// Notice is something the user should hear now, in words, beside the
// tray: a pop-up for now, every channel later.
type Notice struct {
	// Key names the episode the notice is about; a key is told once.
	Key         string
	Title, Body string
	// SearchURL is the search it is about, "" when none.
	SearchURL string
}

// tell hands a notice to Deps.Tell, once per key.
func (e *Engine) tell(n Notice) {
	if e.st.told[n.Key] {
		return
	}
	e.st.told[n.Key] = true
	e.d.Log.Info("notice", "title", n.Title, "body", n.Body)
	e.note(EventInfo, "", "", n.Title+": "+n.Body)
	if e.d.Tell != nil {
		e.d.Tell(n)
	}
}

// manualReminder is the reminder for the window of a check by hand on s,
// opened at opened.
func (e *Engine) manualReminder(s *searchState, opened time.Time) Notice {
	site := strings.TrimPrefix(s.host, "www.")
	return Notice{
		Key:       fmt.Sprintf("manual-open %s %s", s.url, opened.Format(time.RFC3339Nano)),
		Title:     "Close the window when you are done",
		SearchURL: s.url,
		Body: fmt.Sprintf("The window for %s (%s) has been open for %d minutes. "+
			"While it is open, %s is not watched; the other sites are. Close it once you have passed the check.",
			s.name, site, int(ManualReminder/time.Minute), site),
	}
}
