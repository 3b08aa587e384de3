package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

// pushRequest is one request the loopback push server got.
type pushRequest struct {
	Method, Path string
	Header       http.Header
	Body         string
}

// pushServer speaks ntfy's publishing protocol (POST /<topic>, the message
// as the body, Title/Click/Attach/Tags/Priority headers, a JSON answer
// with the message's id) and takes a generic webhook's POST, on loopback.
// fault, when set, decides how the next requests are answered.
type pushServer struct {
	*httptest.Server
	release chan struct{} // closed at cleanup: hung requests end

	// mu guards got and fault.
	mu    sync.Mutex
	got   []pushRequest
	fault string
}

func startPushServer(t *testing.T) *pushServer {
	t.Helper()
	s := &pushServer{release: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() { close(s.release); s.Close() })
	return s
}

func (s *pushServer) setFault(f string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault = f
}

func (s *pushServer) requests() []pushRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]pushRequest(nil), s.got...)
}

func (s *pushServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.got = append(s.got, pushRequest{r.Method, r.URL.Path, r.Header.Clone(), string(body)})
	fault := s.fault
	s.mu.Unlock()
	ntfyError := func(status, code int, msg string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"code":%d,"http":%d,"error":%q}`, code, status, msg)
	}
	switch fault {
	case "500":
		ntfyError(500, 50001, "internal server error")
	case "503":
		w.Header().Set("Retry-After", "120")
		ntfyError(503, 50301, "service unavailable")
	case "429":
		w.Header().Set("Retry-After", "45")
		ntfyError(429, 42901, "limit reached: too many requests")
	case "401":
		ntfyError(401, 40101, "unauthorized")
	case "404":
		ntfyError(404, 40401, "page not found")
	case "hang":
		select {
		case <-s.release:
		case <-r.Context().Done():
		}
	case "drop":
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	default:
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "hwQ2YpKdmg", "time": time.Now().Unix(),
			"event": "message", "topic": strings.TrimPrefix(r.URL.Path, "/"), "message": string(body)})
	}
}

// hostPort is the server's 127.0.0.1:PORT.
func (s *pushServer) hostPort() string { return strings.TrimPrefix(s.URL, "http://") }

const secretTopic = "rooms-7f3kq9x2"

// pushURLs are the channels the fault matrix runs on, all pointing at one
// loopback server: ntfy (its own client) and a generic webhook (through
// http.DefaultClient, as Telegram and others go).
func pushURLs(s *pushServer) map[string]string {
	return map[string]string{
		"ntfy":    "ntfy://127.0.0.1:" + port(s) + "/" + secretTopic + "?scheme=http",
		"generic": "generic://127.0.0.1:" + port(s) + "/hook/" + secretTopic + "?disabletls=yes&template=json",
	}
}

func port(s *pushServer) string {
	_, p, _ := net.SplitHostPort(s.hostPort())
	return p
}

func listingMessage(now time.Time) Message {
	return Message{Alerts: []listing.Alert{{Listing: listing.Listing{ID: "k1", URL: "https://kamernet.nl/huren/kamer-amsterdam/k1", Title: "Sunny room on the Amstel",
		Price: "€ 745", SizeM2: 16, Rooms: 1, Place: "Amsterdam Oost",
		Image: "https://img.kamernet.nl/k1.jpg"}, SearchName: "Kamernet Amsterdam",
		SearchURL: "https://kamernet.nl/huren/kamers-amsterdam", Portal: "kamernet.nl", FoundAt: now}, {Listing: listing.Listing{ID: "k2", URL: "https://kamernet.nl/huren/kamer-amsterdam/k2", Title: "Studio in De Pijp",
		Price: "€ 1.150"}, SearchName: "Kamernet Amsterdam", FoundAt: now}}}
}

// The ntfy channel speaks ntfy's protocol: one POST to the topic for the
// whole batch, the title, a click that opens the first listing and its
// photo attached, and the listings in the body, the price's sign with its
// amount.
func TestNtfyMessage(t *testing.T) {
	s := startPushServer(t)
	c := newPushChannel(pushURLs(s)["ntfy"])
	if err := c.Send(context.Background(), listingMessage(time.Now())); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := s.requests()
	if len(got) != 1 {
		t.Fatalf("%d requests, want one for the batch", len(got))
	}
	r := got[0]
	want := map[string]string{"Title": "2 new listings: Kamernet Amsterdam", "Click": "https://kamernet.nl/huren/kamer-amsterdam/k1",
		"Attach": "https://img.kamernet.nl/k1.jpg", "Tags": "house", "Priority": "4"}
	if r.Method != http.MethodPost || r.Path != "/"+secretTopic {
		t.Errorf("%s %s, want POST /%s", r.Method, r.Path, secretTopic)
	}
	for k, v := range want {
		if r.Header.Get(k) != v && !(k == "Priority" && strings.EqualFold(r.Header.Get(k), "high")) {
			t.Errorf("header %s = %q, want %q", k, r.Header.Get(k), v)
		}
	}
	for _, s := range []string{"Sunny room on the Amstel", "€\u00a0745 · 16\u00a0m² · 1\u00a0room · Amsterdam Oost",
		"https://kamernet.nl/huren/kamer-amsterdam/k1", "on Kamernet, first seen", "Studio in De Pijp", "€\u00a01.150"} {
		if !strings.Contains(r.Body, s) {
			t.Errorf("body lacks %q:\n%s", s, r.Body)
		}
	}
	// ntfy keeps a setting from one message to the next: a notice after
	// the listings must not carry the listing's photo.
	if err := c.Send(context.Background(), Message{Notices: []Notice{{Key: "n", Title: "Funda needs you", Body: "Pass its check by hand."}}}); err != nil {
		t.Fatal(err)
	}
	if r := s.requests()[1]; r.Header.Get("Attach") != "" || r.Header.Get("Title") != "Funda needs you" || r.Header.Get("Tags") != "warning" {
		t.Errorf("notice headers %v", r.Header)
	}
}

// The webhook gets the batch as JSON: title, message and the first
// listing's link and photo.
func TestWebhookMessage(t *testing.T) {
	s := startPushServer(t)
	c := newPushChannel(pushURLs(s)["generic"])
	if err := c.Send(context.Background(), listingMessage(time.Now())); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := s.requests()
	if len(got) != 1 {
		t.Fatalf("%d requests, want one", len(got))
	}
	var body map[string]string
	if err := json.Unmarshal([]byte(got[0].Body), &body); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, got[0].Body)
	}
	if body["title"] != "2 new listings: Kamernet Amsterdam" || body["url"] != "https://kamernet.nl/huren/kamer-amsterdam/k1" ||
		body["image"] != "https://img.kamernet.nl/k1.jpg" || !strings.Contains(body["message"], "Studio in De Pijp") {
		t.Errorf("webhook JSON %v", body)
	}
}

// The fault matrix, per channel: each fault is temporary or permanent as
// the service means it, a Retry-After is honoured, a hang and a dropped
// connection are temporary, and no error holds the URL's secrets.
func TestPushFaultMatrix(t *testing.T) {
	faults := []struct {
		fault      string
		permanent  bool
		retryAfter time.Duration
		says       string
	}{
		{"500", false, 0, "500 Internal Server Error"},
		{"503", false, 2 * time.Minute, "503 Service Unavailable"},
		{"429", false, 45 * time.Second, "slow down (429"},
		{"401", true, 0, "refused the credentials"},
		{"404", true, 0, "does not know this address"},
		{"hang", false, 0, "timed out"},
		{"drop", false, 0, ""},
	}
	s := startPushServer(t)
	for kind, raw := range pushURLs(s) {
		for _, f := range faults {
			t.Run(kind+"/"+f.fault, func(t *testing.T) {
				s.setFault(f.fault)
				ctx, cancel := context.WithTimeout(context.Background(), testkit.Patience)
				if f.fault == "hang" {
					cancel()
					ctx, cancel = context.WithTimeout(context.Background(), 2*time.Second) // only the hang is cut this way
				}
				defer cancel()
				err := newPushChannel(raw).Send(ctx, listingMessage(time.Now()))
				if err == nil {
					t.Fatal("a fault delivered")
				}
				permanent, ra := Verdict(err)
				if permanent != f.permanent || ra != f.retryAfter {
					t.Errorf("%v: permanent %v retry after %v, want %v %v", err, permanent, ra, f.permanent, f.retryAfter)
				}
				if !strings.Contains(err.Error(), f.says) {
					t.Errorf("error %q does not say %q", err, f.says)
				}
				for _, secret := range []string{secretTopic, raw, "hook/"} {
					if strings.Contains(err.Error(), secret) {
						t.Errorf("error %q shows %q", err, secret)
					}
				}
			})
		}
	}
	s.setFault("")
	for kind, raw := range pushURLs(s) {
		if err := newPushChannel(raw).Send(context.Background(), listingMessage(time.Now())); err != nil {
			t.Errorf("%s after the faults: %v", kind, err)
		}
	}
}

// A URL shoutrrr does not take makes a channel that fails for good,
// saying why without the URL.
func TestBadPushURL(t *testing.T) {
	for _, raw := range []string{"ntfy//nope", "nosuch://x/secret-token-1", "telegram://secret-token-1@telegram", "not a url"} {
		err := newPushChannel(raw).Send(context.Background(), listingMessage(time.Now()))
		if err == nil || !IsPermanent(err) {
			t.Errorf("%s: Send = %v, want a permanent failure", Redact(raw), err)
			continue
		}
		if strings.Contains(err.Error(), "secret-token-1") || strings.Contains(err.Error(), raw) {
			t.Errorf("error %q shows the URL", err)
		}
	}
}
