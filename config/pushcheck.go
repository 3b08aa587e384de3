package config

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/matrix"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"
)

// pushURLProblem says why alerts could not be sent through the push URL
// raw, or "". It reads the URL as delivery does (the outbox's locate):
// shoutrrr's service for its scheme, and that service's own reading of its
// settings (a token of the wrong form, a topic missing, a priority it does
// not know). So a URL that cannot work is refused when the file is read,
// with its line, not at the first alert. It sends nothing and dials
// nothing. Its words never hold the URL's secret parts.
func pushURLProblem(raw string) (problem string) {
	defer func() {
		// A service's reading of an odd URL must not take rentwatch down.
		if recover() != nil {
			problem = "the URL cannot be read; check it against the service's own example"
		}
	}()
	r := &router.ServiceRouter{}
	scheme, cfg, err := r.ExtractServiceName(raw)
	if err != nil {
		return "the URL cannot be read: look for a stray %, space or other character a URL cannot hold"
	}
	svc, err := r.NewService(scheme)
	if err != nil {
		return fmt.Sprintf("%q is not a service rentwatch can send to (it knows %s)", scheme, strings.Join(pushServices(), ", "))
	}
	if cfg.Scheme != scheme {
		custom, ok := svc.(types.CustomURLService)
		if !ok {
			return fmt.Sprintf("the %s service takes no %s+ form of URL", scheme, scheme)
		}
		if cfg, err = custom.GetConfigURLFromCustom(cfg); err != nil {
			return fmt.Sprintf("the %s URL cannot be read: %s", scheme, scrubPushURL(err.Error(), raw, scheme))
		}
	}
	if err := readSettingsOf(svc, cfg); err != nil {
		return fmt.Sprintf("the %s URL's settings are not right: %s", scheme, scrubPushURL(err.Error(), raw, scheme))
	}
	return ""
}

// readSettingsOf is svc.Initialize, which reads the URL's settings, except
// for Matrix: its Initialize also logs in to the server. For it, reading
// the settings is Config.SetURL, the first step of its Initialize.
// (shoutrrr v0.13.2: every other service's Initialize reads settings and
// makes an HTTP client, without a request; TestPushURLsAreCheckedOffline
// holds every service to that.)
func readSettingsOf(svc types.Service, cfg *url.URL) error {
	if _, ok := svc.(*matrix.Service); ok {
		return (&matrix.Config{}).SetURL(cfg)
	}
	return svc.Initialize(cfg, nil)
}

// pushServices lists the schemes shoutrrr knows.
func pushServices() []string {
	s := (&router.ServiceRouter{}).ListServices()
	sort.Strings(s)
	return s
}

// scrubPushURL takes every part of the push URL raw that may be a secret
// (user, password, a host that is not a server's dotted name, each path
// segment, each query value, the fragment) out of text, a service's own
// message, which may quote them. Parts shorter than three characters say
// nothing on their own and are left; the service's name is left.
func scrubPushURL(text, raw, scheme string) string {
	var parts []string
	add := func(s string) {
		for _, v := range []string{s, unescape(s)} {
			if len(v) >= 3 && !strings.EqualFold(v, scheme) && !slices.Contains(parts, v) {
				parts = append(parts, v)
			}
		}
	}
	add(raw)
	_, rest, _ := strings.Cut(raw, "://")
	add(rest)
	if u, err := url.Parse(raw); err == nil {
		if u.User != nil {
			add(u.User.String())
			add(u.User.Username())
			pw, _ := u.User.Password()
			add(pw)
		}
		if !strings.Contains(u.Hostname(), ".") {
			add(u.Hostname())
		}
		for _, seg := range strings.Split(u.EscapedPath(), "/") {
			add(seg)
		}
		add(u.Opaque)
		add(u.RawQuery)
		for _, vs := range u.Query() {
			for _, v := range vs {
				add(v)
			}
		}
		add(u.Fragment)
	}
	sort.SliceStable(parts, func(i, j int) bool { return len(parts[i]) > len(parts[j]) })
	for _, p := range parts {
		text = strings.ReplaceAll(text, p, "***")
	}
	return text
}

func unescape(s string) string {
	if v, err := url.QueryUnescape(s); err == nil {
		return v
	}
	return s
}
