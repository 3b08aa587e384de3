package engine

import (
	"fmt"
	"time"

	"rentwatch/outbox"
	"rentwatch/words"
)

// ManualReminder is how long the window of a check by hand may stay open
// before the user is reminded to close it: while it is open its site is
// not watched, and a user who passed the check and walked away would get
// no alerts from it at all.
const ManualReminder = 10 * time.Minute

// Notice is something the user should hear now, in words, beside the
// tray: told once on every channel (a pop-up, a line in an email, a push).
type Notice struct {
	// Key names the episode the notice is about; a key is told once.
	Key         string
	Title, Body string
	// SearchURL is the search it is about, "" when none.
	SearchURL string
	// MayWait lets an email that would carry only this notice wait
	// NoticeHold for listings to go with it (deliver.go); the other
	// channels tell it at once.
	MayWait bool
	// Reminder: a nudge that follows the listings in a message that has
	// any (outbox.Notice.Reminder).
	Reminder bool
	// Here: the notice asks for a check by hand, which can be passed from
	// any browser in the window's page (Deps.CheckPage): its link goes
	// there, and its body says so.
	Here bool
}

// tell hands a notice to every channel through Deps.Notices, once per key.
func (e *Engine) tell(n Notice) {
	if e.st.told[n.Key] {
		return
	}
	e.st.told[n.Key] = true
	if n.MayWait {
		e.st.mayWait[n.Key] = true
	}
	e.d.Log.Info("notice", "title", n.Title, "body", n.Body)
	e.note(EventInfo, "", "", n.Title+": "+n.Body)
	if e.d.Notices != nil {
		o := outbox.Notice{Key: n.Key, Title: n.Title, Body: n.Body, Reminder: n.Reminder}
		if n.SearchURL != "" {
			o.Open = outbox.Action{Kind: outbox.OpenManual, URL: n.SearchURL}
		}
		if n.Here && n.SearchURL != "" && e.d.CheckPage != nil {
			if o.CheckPage = e.d.CheckPage(n.SearchURL); o.CheckPage != "" {
				o.Body += " Away from this computer? Open the link to pass the check from any browser: " +
					"rentwatch shows you the site there, in its own browser."
			}
		}
		e.d.Notices.Tell(o)
	}
}

// manualReminder is the reminder for the window of a check by hand on s,
// opened at opened.
func (e *Engine) manualReminder(s *searchState, opened time.Time) Notice {
	site := words.Site(s.host)
	return Notice{
		Key:       fmt.Sprintf("manual-open %s %s", s.url, opened.Format(time.RFC3339Nano)),
		Title:     "Close the window when you are done",
		SearchURL: s.url,
		Reminder:  true,
		// An email of its own only when no listing goes out within
		// NoticeHold, and none once the window closed (endManual).
		MayWait: true,
		Body: fmt.Sprintf("The window for %s (%s) has been open for %d minutes. "+
			"While it is open, %s is not watched; the other sites are. Close it once you have passed the check.",
			s.name, site, int(ManualReminder/time.Minute), site),
	}
}
