package seen

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	"rentwatch/listing"
)

// The key scheme, in one place. Every key starts with a one-letter prefix and
// a slash, so one prefix scan finds one kind of record:
//
//	m/schema          the schema version of the whole store (decimal text)
//	s/<hash(search)>  one search's listings at its last clean check: JSON snapshotRecord
//	c/<hash(search)>  when that search was last checked clean: JSON checkedRecord
//	i/<hash(listing)> the global seen index: indexRecord (1 version byte + 8 bytes unix seconds)
//	p/<hash(listing)> schema 1 only: an alert not yet delivered (migrated to u/)
//	m/channels        the delivery channels the queues are kept for: JSON channelsRecord
//	q/<hash(channel)><hash(listing)> an alert that channel has not delivered yet: JSON alertRecord
//	u/<hash(listing)> an alert queued before any channel was named: JSON alertRecord;
//	                  the first SetChannels hands it to every channel
//	r/<hash(listing)> the auto-reply to a listing, queued to settled: JSON replyRecord
//	e/<hash(host)>    a site's episode of needing the user, told: JSON episodeRecord
//
// hash is the first 16 bytes of SHA-256, raw. Hashing keeps every key short
// and the same length whatever the listing id is (ids are often whole
// canonical URLs), which keeps the big "remember every listing" transaction
// small; the full id and search URL live in the values that need them.
const (
	schemaKey     = "m/schema"
	snapshotPfx   = "s/"
	checkedPfx    = "c/"
	indexPfx      = "i/"
	pendingPfx    = "p/" // schema 1's single queue
	channelsKey   = "m/channels"
	queuePfx      = "q/"
	unassignedPfx = "u/"
	repliedPfx    = "r/"
	episodePfx    = "e/"
	hashLen       = 16
	recordVersion = 1 // the version carried inside every value written today, but for alertVersion's
	// alertVersion is the version inside alert and listing records (q/,
	// u/, l/): 2 since schema 3 (listing.Alert's JSON).
	alertVersion = 2
)

func hashKey(prefix, s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return append([]byte(prefix), sum[:hashLen]...)
}

func snapshotKey(search string) []byte   { return hashKey(snapshotPfx, search) }
func checkedKey(search string) []byte    { return hashKey(checkedPfx, search) }
func indexKey(listingID string) []byte   { return hashKey(indexPfx, listingID) }
func pendingKey(listingID string) []byte { return hashKey(pendingPfx, listingID) }
func repliedKey(listingID string) []byte { return hashKey(repliedPfx, listingID) }

func unassignedKey(listingID string) []byte { return hashKey(unassignedPfx, listingID) }

// queuePrefix is every key of one channel's queue.
func queuePrefix(channel string) []byte { return hashKey(queuePfx, channel) }

func queueKey(channel, listingID string) []byte {
	sum := sha256.Sum256([]byte(listingID))
	return append(queuePrefix(channel), sum[:hashLen]...)
}

// snapshotRecord is the listings of a Snapshot on disk. First-seen times
// are unix milliseconds: a third the size of RFC 3339 text, which matters
// when 15 searches of 2,000 listings go into one transaction. The check
// time lives in its own small record (checkedRecord) so that a clean check
// that changed nothing rewrites ~50 bytes, not the whole listing set.
type snapshotRecord struct {
	V        int              `json:"v"`
	Search   string           `json:"search"`
	Listings map[string]int64 `json:"listings"`
}

type checkedRecord struct {
	V         int   `json:"v"`
	CheckedAt int64 `json:"checked_at"` // unix milliseconds
}

func snapshotListings(s Snapshot) snapshotRecord {
	r := snapshotRecord{V: recordVersion, Search: s.Search, Listings: make(map[string]int64, len(s.Listings))}
	for id, first := range s.Listings {
		r.Listings[id] = first.UnixMilli()
	}
	return r
}

func decodeSnapshotRecord(b []byte) (snapshotRecord, error) {
	var r snapshotRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("snapshot record: %w", err)
	}
	if r.V != recordVersion {
		return r, fmt.Errorf("snapshot record has version %d, want %d", r.V, recordVersion)
	}
	return r, nil
}

func decodeChecked(b []byte) (time.Time, error) {
	var r checkedRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return time.Time{}, fmt.Errorf("checked-at record: %w", err)
	}
	if r.V != recordVersion {
		return time.Time{}, fmt.Errorf("checked-at record has version %d, want %d", r.V, recordVersion)
	}
	return time.UnixMilli(r.CheckedAt), nil
}

func sameListings(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for id, t := range a {
		if u, ok := b[id]; !ok || u != t {
			return false
		}
	}
	return true
}

// indexRecord is the last time any search saw a listing. It is the most
// numerous record (one per listing seen in the last 60 days), so it is
// binary: a version byte and the unix second.
func encodeIndex(lastSeen time.Time) []byte {
	b := make([]byte, 9)
	b[0] = recordVersion
	binary.BigEndian.PutUint64(b[1:], uint64(lastSeen.Unix()))
	return b
}

func decodeIndex(b []byte) (time.Time, error) {
	if len(b) != 9 || b[0] != recordVersion {
		return time.Time{}, fmt.Errorf("index record of %d bytes, version %d: not one this version reads", len(b), firstByte(b))
	}
	return time.Unix(int64(binary.BigEndian.Uint64(b[1:])), 0), nil
}

func firstByte(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	return int(b[0])
}

// alertRecord is a listing.Alert on disk, in a channel's queue (q/, u/);
// listedRecord embeds the same shape. Version 2 is listing.Alert's JSON
// (schema 3); version 1 named the listing's id "listing_id"
// (migrateAlertRecords).
type alertRecord struct {
	V int `json:"v"`
	listing.Alert
}

func encodeAlert(a listing.Alert) ([]byte, error) {
	return json.Marshal(alertRecord{V: alertVersion, Alert: a})
}

func decodeAlert(b []byte) (listing.Alert, error) {
	var r alertRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return listing.Alert{}, fmt.Errorf("queued alert record: %w", err)
	}
	if r.V != alertVersion {
		return listing.Alert{}, fmt.Errorf("queued alert record has version %d, want %d", r.V, alertVersion)
	}
	return r.Alert, nil
}
