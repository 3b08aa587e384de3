package outbox

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-sasl"
)

// pickMechanism chooses the SASL mechanism: the configured one if the
// server offers it, else the best offered for what we hold (a token or a
// password). PLAIN before LOGIN: both are plain text inside TLS, PLAIN
// takes one round trip.
func pickMechanism(configured string, haveToken bool, offered []string) (string, error) {
	configured = strings.ToUpper(strings.TrimSpace(configured))
	if configured != "" {
		switch configured {
		case "PLAIN", "LOGIN", "OAUTHBEARER", "XOAUTH2":
		default:
			return "", fmt.Errorf("auth %q: use \"plain\", \"login\", \"oauthbearer\" or \"xoauth2\" (or leave it empty)", configured)
		}
		if !slices.Contains(offered, configured) {
			return "", fmt.Errorf("the server does not offer %s login (it offers: %s)", configured, offeredList(offered))
		}
		return configured, nil
	}
	prefer := []string{"PLAIN", "LOGIN"}
	if haveToken {
		prefer = []string{"OAUTHBEARER", "XOAUTH2"}
	}
	for _, m := range prefer {
		if slices.Contains(offered, m) {
			return m, nil
		}
	}
	return "", fmt.Errorf("%w (it offers: %s)", errNoAuth, offeredList(offered))
}

func offeredList(offered []string) string {
	if len(offered) == 0 {
		return "none"
	}
	return strings.Join(offered, ", ")
}

// saslClient makes the client for a mechanism pickMechanism chose.
func saslClient(mech string, s EmailSettings) sasl.Client {
	switch mech {
	case "LOGIN":
		return sasl.NewLoginClient(s.Username, s.Password)
	case "OAUTHBEARER":
		return sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: s.Username, Token: s.OAuthToken, Host: s.Host, Port: s.Port})
	case "XOAUTH2":
		return &xoauth2Client{username: s.Username, token: s.OAuthToken}
	}
	return sasl.NewPlainClient("", s.Username, s.Password)
}

// xoauth2Client is Google's and Microsoft's pre-standard OAuth mechanism,
// which go-sasl lacks. The initial response carries the token; a failure
// comes as a 334 challenge holding a JSON error, which must be answered with
// an empty line before the server sends its final 5xx.
type xoauth2Client struct {
	username, token string
	failure         string // the server's JSON error, kept for the message
}

func (c *xoauth2Client) Start() (string, []byte, error) {
	ir := "user=" + c.username + "\x01auth=Bearer " + c.token + "\x01\x01"
	return "XOAUTH2", []byte(ir), nil
}

func (c *xoauth2Client) Next(challenge []byte) ([]byte, error) {
	if c.failure != "" {
		return nil, errors.New("xoauth2: unexpected second challenge")
	}
	c.failure = string(challenge)
	return []byte{}, nil
}

// parseAddress takes "Name <a@b>" or "a@b" and returns the bare address.
func parseAddress(s string) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		return "", fmt.Errorf("not an email address: %w", err)
	}
	return a.Address, nil
}
