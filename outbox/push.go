package outbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/format"
	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/ntfy"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"
	"github.com/nicholas-fedor/shoutrrr/pkg/util/jsonclient"
)

// PushID is the channel id of a push URL: "push-" and a hash of the URL,
// so the queue's name holds no secret and the same URL keeps its queue
// from one start to the next.
func PushID(raw string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(raw)))
	return "push-" + hex.EncodeToString(sum[:8])
}

// Services lists the push services a URL may name (shoutrrr's schemes).
func Services() []string {
	s := (&router.ServiceRouter{}).ListServices()
	sort.Strings(s)
	return s
}

// pushChannel sends through one shoutrrr URL.
type pushChannel struct {
	raw, id, name string
	scheme        string
	service       types.Service
	bad           *SendError // why the URL cannot be used; nil when it can
	watch         *httpWatch
	host          string          // whose answers in watch are this channel's; "" any
	keys          map[string]bool // the settings the service takes as params; nil: any
	client        *http.Client    // ntfy's, set anew before each send
	o             *Outbox         // whose Listings link a message carries; nil: none
}

// newPushChannel makes the channel for raw. A URL shoutrrr does not take
// gives a channel whose every send fails for good, saying why.
func newPushChannel(raw string) *pushChannel {
	raw = strings.TrimSpace(raw)
	c := &pushChannel{raw: raw, id: PushID(raw), name: PushName(raw)}
	svc, err := locate(raw)
	if err != nil {
		c.bad = &SendError{Permanent: true, Reason: c.name + ": " + scrubURL(err.Error(), raw)}
		return c
	}
	c.service, c.scheme = svc, svc.GetID()
	c.keys = paramKeys(svc)
	if n, ok := svc.(*ntfy.Service); ok {
		// ntfy takes its own client: the answers seen are exactly ours.
		c.watch = newHTTPWatch(pushTransport(n.Config.DisableTLSVerification))
		c.client = &http.Client{Timeout: pushTimeout, Transport: c.watch}
		n.SetHTTPClient(c.client)
		return c
	}
	c.watch = watchDefaultClient()
	c.host = targetHost(c.scheme, raw)
	return c
}

// locate is shoutrrr's router.Locate, keeping the reason when the URL's
// settings are wrong (the router replaces it with "initializing service
// failed").
func locate(raw string) (types.Service, error) {
	r := &router.ServiceRouter{}
	scheme, cfg, err := r.ExtractServiceName(raw)
	if err != nil {
		return nil, errors.New("this is not a URL shoutrrr can read: write it as service://..., like ntfy://ntfy.sh/your-topic")
	}
	svc, err := r.NewService(scheme)
	if err != nil {
		return nil, fmt.Errorf("%q is not a service rentwatch can send to (it knows %s)", scheme, strings.Join(Services(), ", "))
	}
	if cfg.Scheme != scheme {
		custom, ok := svc.(types.CustomURLService)
		if !ok {
			return nil, fmt.Errorf("the %s service takes no %s+ form of URL", scheme, scheme)
		}
		if cfg, err = custom.GetConfigURLFromCustom(cfg); err != nil {
			return nil, fmt.Errorf("the %s URL could not be read: %v", scheme, err)
		}
	}
	if err := svc.Initialize(cfg, nil); err != nil {
		return nil, fmt.Errorf("the %s URL's settings are not right: %v", scheme, err)
	}
	return svc, nil
}

// paramKeys is the settings the service takes per message; nil (any) for
// the webhook, which puts unknown ones into its JSON.
func paramKeys(svc types.Service) map[string]bool {
	if svc.GetID() == "generic" {
		return nil
	}
	v := reflect.ValueOf(svc)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	f := v.FieldByName("Config")
	if !f.IsValid() || f.IsNil() {
		return map[string]bool{}
	}
	cfg, ok := f.Interface().(types.ServiceConfig)
	if !ok {
		return map[string]bool{}
	}
	pkr := format.NewPropKeyResolver(cfg)
	keys := map[string]bool{}
	for _, k := range pkr.QueryFields() {
		keys[k] = true
	}
	return keys
}

// targetHost is the host a service sends to, for finding its answers among
// those of http.DefaultClient: the URL's own host for self-hosted ones, the
// API's for the others.
func targetHost(scheme, raw string) string {
	switch scheme {
	case "telegram":
		return "api.telegram.org"
	case "discord":
		return "discord.com"
	}
	if u, err := url.Parse(raw); err == nil {
		return u.Host
	}
	return ""
}

// PushName is the channel of a push URL as the user reads it, with no secret in it: its
// service, and where it is a server's name, its server; an ntfy channel
// adds a short hint of its topic, so two topics on one server read apart
// ("ntfy (ntfy.sh/…ts1)", "Telegram", "Webhook (hooks.example.org)").
func PushName(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return "push " + Redact(raw)
	}
	name := pushKind(raw).Name()
	where := ""
	if h := u.Hostname(); h != "" && publicHost(h) && !slices.Contains(publicHosts, strings.ToLower(h)) {
		where = u.Host
	}
	if pushKind(raw) == "ntfy" {
		if hint := topicHint(strings.Trim(u.Path, "/")); hint != "" {
			where += "/" + hint
		}
	}
	if where == "" {
		return name
	}
	return name + " (" + where + ")"
}

// topicHint is a hint of an ntfy topic that does not give it away (the
// topic is the channel's secret: whoever knows it reads the alerts): its
// first and last characters around an ellipsis, fewer for a short topic,
// none for a very short one.
func topicHint(topic string) string {
	r := []rune(topic)
	switch {
	case len(r) == 0:
		return ""
	case len(r) >= 12:
		return string(r[:2]) + "…" + string(r[len(r)-2:])
	case len(r) >= 8:
		return string(r[:1]) + "…" + string(r[len(r)-1:])
	}
	return "…"
}

// nameApart numbers channels that would read the same ("ntfy (ntfy.sh)"
// twice, for two topics): "ntfy (ntfy.sh) #2".
func nameApart(chans []*pushChannel) {
	seen := map[string]int{}
	for _, c := range chans {
		c.name = PushName(c.raw)
		seen[c.name]++
		if n := seen[c.name]; n > 1 {
			c.name += " #" + strconv.Itoa(n)
		}
		if c.bad != nil {
			c.bad = &SendError{Permanent: true, Reason: c.name + ": " + strings.SplitN(c.bad.Reason, ": ", 2)[1]}
		}
	}
}

func (c *pushChannel) ID() string   { return c.id }
func (c *pushChannel) Name() string { return c.name }
func (c *pushChannel) Kind() Kind   { return pushKind(c.raw) }

// pushKind is the service a push URL names by its scheme, read or not by
// shoutrrr ("ntfy", "telegram"; "discord" for discord+https://...); "push"
// when it has none.
func pushKind(raw string) Kind {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return KindPush
	}
	scheme, _, _ := strings.Cut(strings.ToLower(u.Scheme), "+")
	return Kind(scheme)
}

// Send pushes the message and returns nil once the service answered with
// success. A failure is a *SendError that never holds the URL.
func (c *pushChannel) Send(ctx context.Context, m Message) error {
	if c.bad != nil {
		return c.bad
	}
	if c.o != nil {
		m = c.o.withListings(m)
	}
	text, params := pushMessage(c.scheme, m, time.Now())
	for k := range params {
		if c.keys != nil && !c.keys[k] {
			delete(params, k)
		}
	}
	if n, ok := c.service.(*ntfy.Service); ok {
		// shoutrrr's ntfy adds its headers to one map kept from send to
		// send: the second message would carry the first one's title and
		// photo. A new client starts with fresh headers.
		n.SetHTTPClient(c.client)
	}
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- c.service.Send(text, &params) }()
	select {
	case err := <-done:
		if err == nil {
			return nil
		}
		return c.classify(err, start)
	case <-ctx.Done():
		// The request is bounded by pushTimeout; its goroutine ends then.
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &SendError{Reason: c.name + ": timed out waiting for the server"}
		}
		return &SendError{Reason: c.name + ": cancelled"}
	}
}

// statusInText finds an HTTP status in a service's error text, for the
// services whose answers we cannot watch.
var statusInText = regexp.MustCompile(`\b(?:HTTP|status|code)[^0-9]{0,12}([1-5][0-9][0-9])\b`)

// classify turns a service's error into a SendError: from the answer the
// watch saw, else the error's own status or network cause, else (a failure
// with no word on why) temporary.
func (c *pushChannel) classify(err error, start time.Time) *SendError {
	if a, ok := c.watch.since(c.host, start); ok && a.err == nil && a.status >= 300 {
		return httpVerdict(c.name, a.status, a.retryAfter)
	} else if ok && a.err != nil {
		if se, known := netVerdict(c.name, a.err); known {
			return se
		}
	}
	if se, known := netVerdict(c.name, err); known {
		return se
	}
	var je jsonclient.Error
	if errors.As(err, &je) && je.StatusCode >= 300 {
		return httpVerdict(c.name, je.StatusCode, 0)
	}
	if m := statusInText.FindStringSubmatch(err.Error()); m != nil {
		if code, _ := strconv.Atoi(m[1]); code >= 300 {
			return httpVerdict(c.name, code, 0)
		}
	}
	return &SendError{Reason: c.name + ": " + scrubURL(innermost(err).Error(), c.raw)}
}
