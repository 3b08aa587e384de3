package seen

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// episodeRecord is a site's episode of needing the user, on disk (e/): the
// host, and when its first wall only the user can get past went up. It
// outlives a restart, so a restart in the middle of one refusal does not
// tell the user a second time (engine/needsyou.go).
type episodeRecord struct {
	V     int    `json:"v"`
	Host  string `json:"host"`
	Since int64  `json:"since"` // unix milliseconds
}

func episodeKey(host string) []byte { return hashKey(episodePfx, host) }

// SetEpisode records that host's episode of needing the user began at
// since (and was told); a record already there is replaced.
func (s *Store) SetEpisode(host string, since time.Time) error {
	v, err := json.Marshal(episodeRecord{V: recordVersion, Host: host, Since: since.UnixMilli()})
	if err != nil {
		return err
	}
	if err := s.update(func(txn *badger.Txn) error { return txn.Set(episodeKey(host), v) }); err != nil {
		return fmt.Errorf("record that %s needs you: %w", host, err)
	}
	return s.sync("record an episode")
}

// EndEpisode forgets host's episode: it serves us again, or no search
// watches it any more. None there is fine.
func (s *Store) EndEpisode(host string) error {
	err := s.update(func(txn *badger.Txn) error {
		b, err := getValue(txn, episodeKey(host))
		if err != nil || b == nil {
			return err
		}
		return txn.Delete(episodeKey(host))
	})
	if err != nil {
		return fmt.Errorf("end the episode of %s: %w", host, err)
	}
	return nil // an episode told again after a crash is a pop-up too many, not a loss: no sync
}

// Episodes returns every episode under way: when each host's began.
func (s *Store) Episodes() (map[string]time.Time, error) {
	out := map[string]time.Time{}
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(episodePfx), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			b, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			var r episodeRecord
			if err := json.Unmarshal(b, &r); err != nil {
				return fmt.Errorf("episode record: %w", err)
			}
			if r.V != recordVersion {
				return fmt.Errorf("episode record has version %d, want %d", r.V, recordVersion)
			}
			out[r.Host] = time.UnixMilli(r.Since)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the episodes: %w", err)
	}
	return out, nil
}
