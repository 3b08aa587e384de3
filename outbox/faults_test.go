package outbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"rentwatch/internal/testkit"
)

// fault is what the in-test SMTP server does wrong.
type fault struct {
	greeting  string // a raw reply sent instead of 220, then the line drops; "silent" says nothing
	authCode  int    // reply to AUTH instead of success
	rcptCode  int
	dataCode  int  // reply after the message instead of 250
	hangData  bool // never answer after the message
	dropData  bool // close the connection after the message
	noTLS     bool // offer no STARTTLS
	listen    string
	wantToken string // the OAuth token AUTH accepts
}

const faultPassword = "pw-Über-sicher"

// faultServer is a go-smtp server on loopback that misbehaves on purpose.
type faultServer struct {
	addr    string
	release chan struct{} // closed at cleanup: frees a hung DATA

	mu        sync.Mutex // guards delivered
	delivered [][]byte
}

func startFaultServer(t *testing.T, cert testkit.Cert, security string, f fault) *faultServer {
	t.Helper()
	if f.listen == "" {
		f.listen = "127.0.0.1:0"
	}
	l, err := net.Listen("tcp", f.listen)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert.TLS}}
	if security == "tls" {
		l = tls.NewListener(l, cfg)
	}
	fs := &faultServer{addr: l.Addr().String(), release: make(chan struct{})}
	if f.greeting != "" {
		go rawGreeter(l, f.greeting, fs.release)
		t.Cleanup(func() { close(fs.release); l.Close() })
		return fs
	}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &faultSession{f: f, conn: c, server: fs}, nil
	}))
	srv.Domain = "localhost"
	srv.ErrorLog = log.New(io.Discard, "", 0) // the faults are on purpose
	if !f.noTLS && security == "starttls" {
		srv.TLSConfig = cfg
	}
	go srv.Serve(l)
	t.Cleanup(func() { close(fs.release); srv.Close() })
	return fs
}

// rawGreeter answers every connection with a fixed greeting and hangs up,
// or says nothing until released ("silent").
func rawGreeter(l net.Listener, greeting string, release chan struct{}) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			if tc, ok := c.(*tls.Conn); ok {
				tc.Handshake() // silent after TLS: the greeting is what never comes
			}
			if greeting == "silent" {
				<-release
				return
			}
			io.WriteString(c, greeting+"\r\n")
		}()
	}
}

func (fs *faultServer) count() int {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return len(fs.delivered)
}

type faultSession struct {
	f      fault
	conn   *smtp.Conn
	server *faultServer
}

func (s *faultSession) AuthMechanisms() []string { return []string{"PLAIN", "OAUTHBEARER", "XOAUTH2"} }

func (s *faultSession) Auth(mech string) (sasl.Server, error) {
	refuse := &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Authentication credentials invalid"}
	if s.f.authCode != 0 {
		refuse.Code = s.f.authCode
		refuse.EnhancedCode[0] = s.f.authCode / 100
	}
	switch mech {
	case "PLAIN":
		return sasl.NewPlainServer(func(_, _, password string) error {
			if s.f.authCode != 0 || password != faultPassword {
				return refuse
			}
			return nil
		}), nil
	case "OAUTHBEARER":
		return sasl.NewOAuthBearerServer(func(o sasl.OAuthBearerOptions) *sasl.OAuthBearerError {
			if o.Token != s.f.wantToken {
				return &sasl.OAuthBearerError{Status: "invalid_token"}
			}
			return nil
		}), nil
	case "XOAUTH2":
		return &xoauth2Server{want: s.f.wantToken, refuse: refuse}, nil
	}
	return nil, smtp.ErrAuthUnknownMechanism
}

// xoauth2Server checks the token; a wrong one gets a JSON challenge, then,
// after the client's empty answer, the refusal, as Gmail does.
type xoauth2Server struct {
	want    string
	refuse  error
	refused bool
}

func (x *xoauth2Server) Next(resp []byte) ([]byte, bool, error) {
	if x.refused {
		return nil, false, x.refuse
	}
	if bytes.Contains(resp, []byte("auth=Bearer "+x.want+"\x01\x01")) && x.want != "" {
		return nil, true, nil
	}
	x.refused = true
	return []byte(`{"status":"401","schemes":"bearer"}`), false, nil
}

func (s *faultSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *faultSession) Rcpt(string, *smtp.RcptOptions) error {
	if s.f.rcptCode != 0 {
		return &smtp.SMTPError{Code: s.f.rcptCode, Message: "mailbox unavailable"}
	}
	return nil
}

func (s *faultSession) Data(r io.Reader) error {
	msg, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	switch {
	case s.f.dataCode != 0:
		return &smtp.SMTPError{Code: s.f.dataCode, Message: "not now"}
	case s.f.hangData:
		<-s.server.release
		return errors.New("released")
	case s.f.dropData:
		s.conn.Conn().Close()
		return nil
	}
	s.server.mu.Lock()
	s.server.delivered = append(s.server.delivered, msg)
	s.server.mu.Unlock()
	return nil
}

func (s *faultSession) Reset()        {}
func (s *faultSession) Logout() error { return nil }

// TestDeliverFaults: every way a server can fail is reported with the right
// stage, code and permanence, and Deliver returns an error, so nothing in
// the batch is recorded as told.
func TestDeliverFaults(t *testing.T) {
	cert := testkit.NewCert(t)
	tests := []struct {
		name      string
		security  string
		f         fault
		edit      func(*EmailSettings)
		stage     string
		code      int
		permanent bool
		says      string
	}{
		{"421 at the greeting", "tls", fault{greeting: "421 4.3.2 Too busy, try later"}, nil, StageGreeting, 421, false, "turned the connection away (421"},
		{"421 at the greeting, STARTTLS", "starttls", fault{greeting: "421 4.3.2 Too busy"}, nil, StageGreeting, 421, false, "(421"},
		{"554 at the greeting", "tls", fault{greeting: "554 5.7.1 No service for you"}, nil, StageGreeting, 554, true, "(554"},
		{"silent at the greeting", "tls", fault{greeting: "silent"}, nil, StageGreeting, 0, false, "timed out waiting for the server at greeting"},
		{"silent at the greeting, STARTTLS", "starttls", fault{greeting: "silent"}, nil, StageGreeting, 0, false, "timed out waiting for the server at greeting"},
		{"535 at AUTH", "tls", fault{authCode: 535}, nil, StageAuth, 535, true, "the password was refused (535 5.7.8"},
		{"454 at AUTH", "starttls", fault{authCode: 454}, nil, StageAuth, 454, false, "could not check the password"},
		{"wrong password", "tls", fault{}, func(s *EmailSettings) { s.Password = "nope" }, StageAuth, 535, true, "the password was refused"},
		{"XOAUTH2 wrong token", "tls", fault{wantToken: "good"}, func(s *EmailSettings) { s.OAuthToken, s.Auth = "bad", "xoauth2" }, StageAuth, 535, true, "the password was refused"},
		{"550 at RCPT", "tls", fault{rcptCode: 550}, nil, StageRcpt, 550, true, "the recipient was refused (550"},
		{"452 at RCPT", "tls", fault{rcptCode: 452}, nil, StageRcpt, 452, false, "the recipient was refused (452"},
		{"450 at DATA", "tls", fault{dataCode: 450}, nil, StageData, 450, false, "put the message off (450"},
		{"554 at DATA", "starttls", fault{dataCode: 554}, nil, StageData, 554, true, "refused the message (554"},
		{"hangs in DATA", "tls", fault{hangData: true}, nil, StageData, 0, false, "timed out waiting for the server at DATA"},
		{"drops the connection in DATA", "tls", fault{dropData: true}, nil, StageData, 0, false, "dropped the connection at DATA"},
		{"no STARTTLS offered", "starttls", fault{noTLS: true}, nil, StageTLS, 0, true, "does not offer STARTTLS"},
		{"certificate for another name", "tls", fault{listen: "127.0.0.2:0"}, func(s *EmailSettings) { s.Host = "127.0.0.2" }, StageTLS, 0, true, "certificate is not trusted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startFaultServer(t, cert, tt.security, tt.f)
			s := faultSettings(t, srv, cert, tt.security)
			if tt.f.greeting == "silent" || tt.f.hangData {
				s.Timeout = 2 * time.Second // what it cuts is a hang: the server never answers
			}
			if tt.edit != nil {
				tt.edit(&s)
			}
			// Patience only bounds a hang: a server that hangs must be cut
			// off by the timeout, which the error says ("timed out"), not
			// by this context (the error would say "cancelled").
			ctx, cancel := context.WithTimeout(context.Background(), testkit.Patience)
			defer cancel()
			err := mailTo(ctx, New(&s, &recordingPop{}), hostileBatch(time.Now()))
			checkDeliveryError(t, err, tt.stage, tt.permanent, tt.says)
			if de, ok := errors.AsType[*DeliveryError](err); ok && de.Code != tt.code {
				t.Errorf("code %d, want %d", de.Code, tt.code)
			}
			if srv.count() != 0 {
				t.Errorf("the server kept %d messages", srv.count())
			}
		})
	}
}

func faultSettings(t *testing.T, srv *faultServer, cert testkit.Cert, security string) EmailSettings {
	_, port, _ := net.SplitHostPort(srv.addr)
	s := EmailSettings{
		To: "bob@example.test", From: "alice@example.test", Host: "localhost", Security: security,
		Username: "alice@example.test", Password: faultPassword, CAFile: cert.CertFile,
		Timeout: time.Minute, // a busy machine never reaches it; the hang cases shorten it
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		t.Fatal(err)
	}
	s.Port = p
	return s
}

// TestDeliverMechanisms: each login mechanism gets a message through.
func TestDeliverMechanisms(t *testing.T) {
	cert := testkit.NewCert(t)
	tests := []struct {
		name, auth, token string
	}{
		{"picked from the offer", "", ""},
		{"PLAIN", "plain", ""},
		{"OAUTHBEARER picked for a token", "", "tok-123"},
		{"XOAUTH2", "xoauth2", "tok-123"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startFaultServer(t, cert, "tls", fault{wantToken: "tok-123"})
			s := faultSettings(t, srv, cert, "tls")
			s.Auth, s.OAuthToken = tt.auth, tt.token
			if err := mailTo(context.Background(), New(&s, &recordingPop{}), hostileBatch(time.Now())); err != nil {
				t.Fatalf("Deliver: %v", err)
			}
			if srv.count() != 1 {
				t.Errorf("server got %d messages", srv.count())
			}
		})
	}
}

// TestDeliverCancelled: cancelling the context cuts through a server that
// hangs in DATA at once, long before the timeout.
func TestDeliverCancelled(t *testing.T) {
	cert := testkit.NewCert(t)
	srv := startFaultServer(t, cert, "tls", fault{hangData: true})
	s := faultSettings(t, srv, cert, "tls")
	s.Timeout = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	err := mailTo(ctx, New(&s, &recordingPop{}), hostileBatch(time.Now()))
	// "cancelled", not "timed out": the context cut it, not the minute's
	// timeout; no clock needed to tell.
	if err == nil || !strings.Contains(err.Error(), "cancelled") || IsPermanent(err) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want a temporary cancellation", err)
	}
}
