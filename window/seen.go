package window

import (
	"sync"

	"rentwatch/seen"
)

// ListedStore is what the Listings page needs of the seen store;
// *seen.Store is one. The app opens the store and keeps it; the window
// only asks it.
type ListedStore interface {
	// Listed is every listing record, newest first.
	Listed() ([]seen.Listed, error)
	// ListedVersion changes whenever a listing record is written or pruned.
	ListedVersion() uint64
}

// SeenListings is the Listings of the seen store: the listings alerted, or
// left out by a filter, in the last 60 days. The page asks for them every
// few seconds (the Searches page counts each search's alerts, the Listings
// page draws them) while they change a few times an hour at most, so the
// records are read and decoded again only when ListedVersion says they
// changed since the last read. Safe for concurrent use. The slice it
// returns is shared between callers: read it, never change it.
func SeenListings(st ListedStore) Listings { return &seenListings{st: st} }

type seenListings struct {
	st ListedStore

	// mu guards the cache; it is held while the store is read, so a burst
	// of requests after a change reads the store once.
	mu      sync.Mutex
	version uint64
	read    bool // list holds the records of version
	list    []seen.Listed
}

func (s *seenListings) Listings() ([]seen.Listed, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// The version is taken before the read: a write during the read moves
	// it past what is cached, so the next call reads again.
	v := s.st.ListedVersion()
	if s.read && v == s.version {
		return s.list, nil
	}
	records, err := s.st.Listed()
	if err != nil {
		return nil, err
	}
	s.list, s.version, s.read = records, v, true
	return records, nil
}
