package engine

import (
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
)

// Status is what one search is doing, in the words the tray shows.
type Status string

const (
	Idle        Status = "idle"        // checked clean, nothing new
	Checking    Status = "checking"    // its page is loading now
	NewListings Status = "new"         // the last check found new listings
	Waiting     Status = "waiting"     // its host put up a wall; see Wall and Until
	Failing     Status = "error"       // network or browser trouble
	SoftBlock   Status = "soft_block"  // a clean page with no listings where some were expected
	Paused      Status = "paused"      // paused by the user
	Replying    Status = "replying"    // an auto-reply for one of its listings is under way
	Pending     Status = "not_checked" // not checked since the app started
)

// Overall is the state of the whole app, one per tray icon.
type Overall string

const (
	AllGood      Overall = "ok"        // every search checked clean
	BusyChecking Overall = "checking"  // a page is loading now
	OnHold       Overall = "waiting"   // some host is standing us down; it will retry by itself
	NeedsYou     Overall = "attention" // a refusal, a wall that keeps standing, bad email settings
	Broken       Overall = "error"     // every check is failing
	AllPaused    Overall = "paused"    // the user paused every search
)

// SearchView is the live state of one search, as the tray shows it.
type SearchView struct {
	Name, URL, Host string
	Status          Status
	Wall            blocks.Kind // the kind of wall while Status is Waiting
	Vendor          string      // who put the wall up, when known
	// Until is when the host may be tried again; the same for every search
	// on the host, so every countdown on one site agrees. Zero: no wait.
	Until     time.Time
	LastCheck time.Time
	NextCheck time.Time
	Listings  int    // listings on the page at the last clean check
	NewToday  int    // new listings alerted today
	LastError string // the last problem, in words; "" when the last check was clean
	// PickLost: the last check found the page without the list the user
	// picked in the preview (Status is SoftBlock): the site has a new
	// layout, and the user should pick its list again.
	PickLost bool
	// NeedsUser is true when only the user can get us past the wall: a flat
	// refusal, or a challenge that keeps standing.
	NeedsUser bool
	Paused    bool
	// Delay is the typical time from a listing's first sighting to its
	// alert, the median of Delays; 0 before the first alert.
	Delay time.Duration
	// Delays are the latest times to alert, oldest first, at most
	// DelaysKept (kept in memory only: the store may persist them).
	Delays []time.Duration
	// Every is how often the search was really checked lately: the median
	// time between its last ChecksKept checks; 0 before its second. It is
	// longer than the interval when many searches share one site, which
	// is asked one page at a time, a gap apart.
	Every time.Duration
}

// Told is a listing the user was told about, for the "Recent listings" menu.
type Told struct {
	listing.Alert
	Notified time.Time // delivered (on the first channel)
}

// Delay is how long after its first sighting the listing was alerted.
func (a Told) Delay() time.Duration { return a.Notified.Sub(a.FoundAt) }

// Snapshot is an immutable picture of the engine's state. The engine never
// changes a Snapshot after publishing it, so readers need no locks.
type Snapshot struct {
	At      time.Time
	Overall Overall
	Paused  bool // every search is paused
	// PausedUntil is when a pause of every search ends by itself; zero
	// when not paused, or paused until resumed.
	PausedUntil time.Time
	Searches    []SearchView
	Recent      []Told // newest first, at most RecentMax
	LastCycle   time.Time
	NextCycle   time.Time
	NewToday    int
	// Problem is the one thing the user should fix, in words: a settings
	// file that did not load. "" when there is none.
	Problem string
	// Delivery is trouble getting alerts out (email refused, or failing
	// for a while); the tray words it.
	Delivery Delivery
	// Channels is every delivery channel's state (pop-ups, email, each
	// push URL), in order.
	Channels []ChannelView
	// Manual is the URL open in the visible window for a check by hand, "" if none.
	Manual string
	// Awake says, in words, that rentwatch keeps the computer from
	// sleeping (SetAwake); "" when it does not.
	Awake string
	// LeftOut are the latest new listings a filter left out, newest first,
	// at most LeftOutMax.
	LeftOut []LeftOut
	// Walls are the walls each host put up in the last WallHistory, oldest
	// first, by host (SearchView.Host).
	Walls map[string][]Wall
	// Back are the sites that needed the user and serve us again since
	// less than BackShown, the latest first.
	Back []SiteBack
}

// Wall is one wall a host put up: a challenge, a rate limit, a refusal,
// or a run of failed loads that made it wait (Kind Error).
type Wall struct {
	At     time.Time
	Kind   blocks.Kind
	Vendor string // who put it up, when known
}

// LeftOut is a new listing its search's filter left out: never alerted,
// and not new again (it is in the search's snapshot), but listed as such.
type LeftOut struct {
	listing.Alert
	Reason string // why, in words: `the title has "students only"`
}

// LeftOutMax is how many left-out listings a snapshot carries.
const LeftOutMax = 100

// RecentMax is how many recent alerts a snapshot carries.
const RecentMax = 20

// overall derives the app's state from its searches: the most urgent one
// wins, because the icon has room for one state only.
func overall(paused bool, problem bool, views []SearchView) Overall {
	if len(views) > 0 && paused {
		return AllPaused
	}
	var checking, waiting, failing, active int
	for _, v := range views {
		if v.Paused {
			continue
		}
		active++
		switch {
		case v.NeedsUser || v.Status == SoftBlock:
			return NeedsYou
		case v.Status == Checking || v.Status == Replying:
			checking++
		case v.Status == Waiting:
			waiting++
		case v.Status == Failing:
			failing++
		}
	}
	switch {
	case problem:
		return NeedsYou
	case active > 0 && failing == active:
		return Broken
	case checking > 0:
		return BusyChecking
	case waiting > 0 || failing > 0:
		return OnHold
	case active == 0 && len(views) > 0:
		return AllPaused
	}
	return AllGood
}
