//go:build linux

package seen

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

// BenchmarkFootprint measures peak RSS (VmHWM) and disk use of a store
// holding 15 searches x 2,000 listings, with rentwatch's options and with
// Badger's defaults, each in its own child process so one cannot inflate
// the other's peak. SEEN_FOOTPRINT_CYCLES changes the number of cycles. "none" is the same child building the same data
// without a store: the floor of the Go runtime and test binary.
//
//	go test ./seen -run '^$' -bench Footprint -benchtime 1x
func BenchmarkFootprint(b *testing.B) {
	testkit.NeedProc(b) // for VmHWM
	results := map[string]map[string]float64{}
	for b.Loop() {
		for _, variant := range []string{"none", "tuned", "defaults"} {
			results[variant] = runFootprint(b, variant)
		}
	}
	for _, variant := range []string{"none", "tuned", "defaults"} {
		r := results[variant]
		b.ReportMetric(r["hwm_kb"]/1024, variant+"-peak-RSS-MB")
		b.ReportMetric((r["anon_kb"]+r["file_kb"])/1024, variant+"-RSS-at-end-MB")
		if variant != "none" {
			b.ReportMetric(r["hwm_before_close_kb"]/1024, variant+"-peak-RSS-before-Close-MB")
			b.ReportMetric(r["disk_open"]/(1<<20), variant+"-disk-open-MB")
			b.ReportMetric(r["apparent_open"]/(1<<20), variant+"-apparent-open-MB")
			b.ReportMetric(r["disk_closed"]/(1<<20), variant+"-disk-closed-MB")
		}
	}
	b.ReportMetric(results["defaults"]["hwm_kb"]/results["tuned"]["hwm_kb"], "peak-RSS-defaults/tuned")
	end := func(v string) float64 { return results[v]["anon_kb"] + results[v]["file_kb"] }
	b.ReportMetric(end("defaults")/end("tuned"), "end-RSS-defaults/tuned")
}

func runFootprint(b *testing.B, variant string) map[string]float64 {
	b.Helper()
	dir := b.TempDir()
	cmd := helperCmdB(b, "TestHelperFootprint", dir, "SEEN_FOOTPRINT="+variant)
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("%s child: %v", variant, err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "footprint "); ok {
			r := map[string]float64{}
			for _, f := range strings.Fields(rest) {
				k, v, _ := strings.Cut(f, "=")
				r[k], _ = strconv.ParseFloat(v, 64)
			}
			return r
		}
	}
	b.Fatalf("%s child printed no footprint:\n%s", variant, out)
	return nil
}

// TestHelperFootprint is the child of BenchmarkFootprint: it fills a store
// the way a day of use would, then prints its peak RSS and disk use.
func TestHelperFootprint(t *testing.T) {
	dir := helperDir(t)
	variant := os.Getenv("SEEN_FOOTPRINT")
	snaps := bigSnapshots(15, 2000, t0)
	r := map[string]int64{}
	if variant != "none" {
		opt := desktopOptions(dir)
		if variant == "defaults" {
			opt = badger.DefaultOptions(dir).WithLogger(quietLogger{})
		}
		s, err := openWith(dir, opt, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := useLikeADay(s, snaps); err != nil {
			t.Fatal(err)
		}
		r["disk_open"], r["apparent_open"] = diskUse(t, dir)
		r["hwm_before_close_kb"] = procStatus(t, "VmHWM")
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		r["disk_closed"], r["apparent_closed"] = diskUse(t, dir)
	}
	r["hwm_kb"], r["anon_kb"], r["file_kb"] = procStatus(t, "VmHWM"), procStatus(t, "RssAnon"), procStatus(t, "RssFile")
	fmt.Printf("footprint hwm_before_close_kb=%d hwm_kb=%d anon_kb=%d file_kb=%d disk_open=%d apparent_open=%d disk_closed=%d apparent_closed=%d\n",
		r["hwm_before_close_kb"], r["hwm_kb"], r["anon_kb"], r["file_kb"], r["disk_open"], r["apparent_open"], r["disk_closed"], r["apparent_closed"])
}

// useLikeADay: 15 baselines, then 250 cycles (2 hours 5 minutes at 30 s:
// the index entries the baselines wrote are rewritten between the first
// and the second hour, see refreshAfter) in which every search is checked
// clean, one in five cycles brings a new listing that is queued, delivered
// and recorded, and Known is asked for every listing on every page.
func useLikeADay(s *Store, snaps []Snapshot) error {
	if err := s.SetChannels([]string{"email", "desktop"}); err != nil {
		return err
	}
	for _, sn := range snaps {
		if err := s.SaveSnapshot(sn, t0); err != nil {
			return err
		}
	}
	cycles := 250
	if n, err := strconv.Atoi(os.Getenv("SEEN_FOOTPRINT_CYCLES")); err == nil {
		cycles = n
	}
	for c := 1; c <= cycles; c++ {
		now := t0.Add(time.Duration(c) * 30 * time.Second)
		for i := range snaps {
			if _, err := s.Known(idsOf(snaps[i:i+1]), now); err != nil {
				return err
			}
			snaps[i].CheckedAt = now
			if c%5 != 0 || i != c%15 {
				if err := s.SaveSnapshot(snaps[i], now); err != nil {
					return err
				}
				continue
			}
			id := fmt.Sprintf("%s/new-%d", snaps[i].Search, c)
			snaps[i].Listings[id] = now
			if err := s.Accept([]listing.Alert{alert(id, snaps[i].Search, now)}, snaps[i:i+1], now); err != nil {
				return err
			}
			for _, ch := range []string{"email", "desktop"} {
				if _, err := s.Sent(ch, []string{id}, now); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// diskUse is the bytes dir's files really take (allocated blocks) and
// their apparent size (Badger preallocates sparse files).
func diskUse(t *testing.T, dir string) (allocated, apparent int64) {
	t.Helper()
	err := filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		apparent += info.Size()
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			allocated += st.Blocks * 512
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return allocated, apparent
}

func procStatus(t *testing.T, field string) int64 {
	t.Helper()
	kb, ok := testkit.KB(os.Getpid(), "status", field)
	if !ok {
		t.Fatalf("no %s in /proc/self/status", field)
	}
	return kb
}
