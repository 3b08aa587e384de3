package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/listing"
)

// ReplyState is where the auto-reply to one listing is. A listing has at
// most one reply, ever: its record moves queued -> sending -> sent (or
// not-sent, or unsure) and never back, so nothing answers a landlord twice.
type ReplyState string

const (
	// ReplyQueued: waiting for its randomised delay (Due).
	ReplyQueued ReplyState = "queued"
	// ReplySending: its request may be leaving now. Found so at a start,
	// the app stopped between the send and its answer: unsure.
	ReplySending ReplyState = "sending"
	// ReplySent: the request left and the portal took it.
	ReplySent ReplyState = "sent"
	// ReplyNotSent: nothing reached the portal; Why says why.
	ReplyNotSent ReplyState = "not-sent"
	// ReplyUnsure: it may have reached the portal; the user checks.
	ReplyUnsure ReplyState = "unsure"
)

// Open says whether a reply in state s may still change: queued or sending.
func (s ReplyState) Open() bool { return s == ReplyQueued || s == ReplySending }

// Reply is the store's record of the auto-reply to one listing.
type Reply struct {
	listing.Alert
	State ReplyState
	Due   time.Time // queued: when it may go
	At    time.Time // when it reached State
	Why   string    // not sent, unsure: why, in the user's words
}

// ErrReplyTaken is StartReply's error for a listing whose reply is not
// waiting: it was started (or settled) before, and must not go again.
var ErrReplyTaken = errors.New("the reply to this listing was started before")

// replyRecord is a Reply on disk (r/<hash(listing)>), version 2 since
// schema 4. Version 1 was {v, id, at}: a listing replied to
// (migrateReplyRecords).
type replyRecord struct {
	V int `json:"v"`
	listing.Alert
	State ReplyState `json:"state"`
	Due   time.Time  `json:"due,omitzero"`
	At    time.Time  `json:"at"`
	Why   string     `json:"why,omitempty"`
}

// replyVersion is the version inside reply records.
const replyVersion = 2

func encodeReply(r Reply) ([]byte, error) {
	return json.Marshal(replyRecord{V: replyVersion, Alert: r.Alert, State: r.State, Due: r.Due, At: r.At, Why: r.Why})
}

func decodeReply(b []byte) (Reply, error) {
	var r replyRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return Reply{}, fmt.Errorf("reply record: %w", err)
	}
	if r.V != replyVersion {
		return Reply{}, fmt.Errorf("reply record has version %d, want %d", r.V, replyVersion)
	}
	return Reply{Alert: r.Alert, State: r.State, Due: r.Due, At: r.At, Why: r.Why}, nil
}

// QueueReplies keeps replies to send, each in state queued with its Due
// time, in one transaction, made durable before it returns: a stop during
// the delay loses none. A listing that has a reply record already (in any
// state) keeps it: one reply per listing, ever. It returns the replies it
// queued.
func (s *Store) QueueReplies(rs []Reply, now time.Time) (queued []Reply, err error) {
	if len(rs) == 0 {
		return nil, nil
	}
	err = s.update(func(txn *badger.Txn) error {
		queued = queued[:0]
		for _, r := range rs {
			key := repliedKey(r.ID)
			old, err := getValue(txn, key)
			if err != nil {
				return err
			}
			if old != nil {
				continue
			}
			r.State, r.At = ReplyQueued, now
			v, err := encodeReply(r)
			if err != nil {
				return err
			}
			if err := txn.Set(key, v); err != nil {
				return err
			}
			queued = append(queued, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("queue %d auto-reply(s): %w", len(rs), err)
	}
	s.listed.Add(1)
	return queued, s.sync("queue auto-replies")
}

// OpenReplies returns the replies still open (queued, or sending when the
// app stopped), oldest due first.
func (s *Store) OpenReplies() ([]Reply, error) {
	var out []Reply
	err := s.eachReply(func(r Reply) {
		if r.State.Open() {
			out = append(out, r)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("read the auto-replies: %w", err)
	}
	sortReplies(out)
	return out, nil
}

// ReplyTo returns the reply record of a listing; found is false when it
// has none.
func (s *Store) ReplyTo(listingID string) (r Reply, found bool, err error) {
	err = s.db.View(func(txn *badger.Txn) error {
		b, err := getValue(txn, repliedKey(listingID))
		if err != nil || b == nil {
			return err
		}
		found = true
		r, err = decodeReply(b)
		return err
	})
	if err != nil {
		return Reply{}, false, fmt.Errorf("read the reply to %s: %w", listingID, err)
	}
	return r, found, nil
}

// StartReply moves a queued reply to sending, durably, before its request
// can leave: the one step that uses up the listing's reply. Any other
// state is ErrReplyTaken.
func (s *Store) StartReply(listingID string, now time.Time) error {
	return s.settleReply(listingID, ReplySending, "", now, func(old ReplyState) bool { return old == ReplyQueued })
}

// EndReply records how an open reply ended: sent, not sent or unsure,
// with why in the user's words (not sent, unsure). A reply already
// settled keeps its record (ErrReplyTaken).
func (s *Store) EndReply(listingID string, state ReplyState, why string, now time.Time) error {
	if state.Open() {
		return fmt.Errorf("end the reply to %s: %q is not an end", listingID, state)
	}
	return s.settleReply(listingID, state, why, now, ReplyState.Open)
}

// settleReply moves the listing's reply to state when may says its state
// allows it.
func (s *Store) settleReply(listingID string, state ReplyState, why string, now time.Time, may func(ReplyState) bool) error {
	err := s.update(func(txn *badger.Txn) error {
		key := repliedKey(listingID)
		b, err := getValue(txn, key)
		if err != nil {
			return err
		}
		if b == nil {
			return fmt.Errorf("%w (none was queued)", ErrReplyTaken)
		}
		r, err := decodeReply(b)
		if err != nil {
			return err
		}
		if !may(r.State) {
			return fmt.Errorf("%w (it is %s)", ErrReplyTaken, r.State)
		}
		r.State, r.Why, r.At = state, why, now
		v, err := encodeReply(r)
		if err != nil {
			return err
		}
		return txn.Set(key, v)
	})
	if err != nil {
		return fmt.Errorf("record the reply to %s as %s: %w", listingID, state, err)
	}
	s.listed.Add(1)
	return s.sync("record reply")
}

// eachReply calls fn with every reply record.
func (s *Store) eachReply(fn func(Reply)) error {
	return s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(repliedPfx), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			b, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			r, err := decodeReply(b)
			if err != nil {
				return err
			}
			fn(r)
		}
		return nil
	})
}

func sortReplies(rs []Reply) {
	slices.SortStableFunc(rs, func(a, b Reply) int { return a.Due.Compare(b.Due) })
}

// migrateReplyRecords is schema 4's rewrite of the version 1 reply
// records ({v, id, at}: marked right before the send button was clicked,
// whatever became of it) as version 2 in state sent, the most those
// rentwatch versions knew, with why saying so. One transaction: replies
// are few.
func migrateReplyRecords(txn *badger.Txn) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(repliedPfx), PrefetchValues: true})
	var keys, values [][]byte
	for it.Rewind(); it.Valid(); it.Next() {
		b, err := it.Item().ValueCopy(nil)
		if err != nil {
			it.Close()
			return err
		}
		var v1 struct {
			V  json.RawMessage `json:"v"`
			ID string          `json:"id"`
			At time.Time       `json:"at"`
		}
		if err := json.Unmarshal(b, &v1); err != nil {
			it.Close()
			return fmt.Errorf("reply record %x: %w", it.Item().Key(), err)
		}
		if version, _ := strconv.Atoi(string(v1.V)); version != 1 {
			continue
		}
		v2, err := encodeReply(Reply{Alert: listing.Alert{Listing: listing.Listing{ID: v1.ID}}, State: ReplySent, At: v1.At,
			Why: "recorded by an earlier rentwatch, which marked a reply as sent when it clicked the send button"})
		if err != nil {
			it.Close()
			return err
		}
		keys, values = append(keys, it.Item().KeyCopy(nil)), append(values, v2)
	}
	it.Close()
	for i, k := range keys {
		if err := txn.Set(k, values[i]); err != nil {
			return err
		}
	}
	return nil
}
