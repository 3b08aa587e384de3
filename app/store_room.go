package app

import (
	"errors"
	"fmt"
	"rentwatch/listing"
	"sync"
	"time"

	"rentwatch/seen"
)

// patientStore is the app's store, opened at the start or, when the disk
// was too full to open it then, as soon as there is room: the app starts
// on a full disk, says so in the tray, the window and the log, and goes
// on by itself once space is freed, instead of dying in Badger's open
// (seen/room.go). Until the store is open every call fails with the
// disk-full error, which the engine knows to wait out; its Room opens it.
// It is safe for concurrent use (the engine, the window, the replier).
type patientStore struct {
	dir string

	// mu guards s, err and report.
	mu     sync.Mutex
	s      *seen.Store       // nil until opened
	err    error             // why it is not open yet: a *seen.DiskFullError
	report func(note string) // told the store's Notes when it opens
}

// reportTo tells report what opening the store did that the user should
// hear of (seen.Store.Notes): now if it is open, else when it opens.
func (p *patientStore) reportTo(report func(note string)) {
	p.mu.Lock()
	p.report = report
	s := p.s
	p.mu.Unlock()
	if s != nil {
		for _, n := range s.Notes() {
			report(n)
		}
	}
}

// openStore opens the store in dir; on a disk too full to open it, it
// returns a store that opens when there is room (the engine says why it
// waits, from its first read). Any other failure is the caller's.
func openStore(dir string) (*patientStore, error) {
	s, err := seen.Open(dir)
	switch {
	case errors.Is(err, seen.ErrDiskFull):
		return &patientStore{dir: dir, err: err}, nil
	case err != nil:
		return nil, err
	}
	return &patientStore{dir: dir, s: s}, nil
}

// store is the open store, or why there is none yet.
func (p *patientStore) store() (*seen.Store, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == nil {
		return nil, p.err
	}
	return p.s, nil
}

// Room opens the store when it is not open yet and the disk has room,
// then says whether the store can write.
func (p *patientStore) Room() error {
	p.mu.Lock()
	if p.s == nil {
		s, err := seen.Open(p.dir)
		if err != nil {
			p.err = err
			p.mu.Unlock()
			return fmt.Errorf("open the store: %w", err)
		}
		p.s, p.err = s, nil
		if p.report != nil {
			for _, n := range s.Notes() {
				p.report(n)
			}
		}
	}
	s := p.s
	p.mu.Unlock()
	return s.Room()
}

// Close closes the store if it was opened.
func (p *patientStore) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.s == nil {
		return nil
	}
	return p.s.Close()
}

// The store's methods, through store().

func (p *patientStore) Snapshot(search string) (seen.Snapshot, bool, error) {
	s, err := p.store()
	if err != nil {
		return seen.Snapshot{}, false, err
	}
	return s.Snapshot(search)
}

func (p *patientStore) Known(ids []string, now time.Time) (map[string]bool, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Known(ids, now)
}

func (p *patientStore) SaveSnapshot(snap seen.Snapshot, now time.Time) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.SaveSnapshot(snap, now)
}

func (p *patientStore) Accept(alerts []listing.Alert, snaps []seen.Snapshot, now time.Time) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.Accept(alerts, snaps, now)
}

func (p *patientStore) Pending() ([]listing.Alert, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Pending()
}

func (p *patientStore) SetChannels(ids []string) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.SetChannels(ids)
}

func (p *patientStore) Queue(channel string) ([]listing.Alert, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Queue(channel)
}

func (p *patientStore) Sent(channel string, ids []string, now time.Time) ([]string, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Sent(channel, ids, now)
}

func (p *patientStore) ForgetSearch(search string) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.ForgetSearch(search)
}

func (p *patientStore) LeftOut(alerts []listing.Alert, reasons []string) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.LeftOut(alerts, reasons)
}

func (p *patientStore) Delays(search string) ([]time.Duration, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Delays(search)
}

func (p *patientStore) QueueReplies(rs []seen.Reply, now time.Time) ([]seen.Reply, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.QueueReplies(rs, now)
}

func (p *patientStore) OpenReplies() ([]seen.Reply, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.OpenReplies()
}

func (p *patientStore) StartReply(listingID string, now time.Time) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.StartReply(listingID, now)
}

func (p *patientStore) EndReply(listingID string, state seen.ReplyState, why string, now time.Time) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.EndReply(listingID, state, why, now)
}

func (p *patientStore) Listed() ([]seen.Listed, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Listed()
}

// ListedVersion is 0 until the store is open; the window caches nothing
// before (Listed failed), so the open store's records are read then.
func (p *patientStore) ListedVersion() uint64 {
	s, err := p.store()
	if err != nil {
		return 0
	}
	return s.ListedVersion()
}

func (p *patientStore) Episodes() (map[string]time.Time, error) {
	s, err := p.store()
	if err != nil {
		return nil, err
	}
	return s.Episodes()
}

func (p *patientStore) SetEpisode(host string, since time.Time) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.SetEpisode(host, since)
}

func (p *patientStore) EndEpisode(host string) error {
	s, err := p.store()
	if err != nil {
		return err
	}
	return s.EndEpisode(host)
}
