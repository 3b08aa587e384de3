package outbox

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-smtp"

	"rentwatch/words"
)

// DefaultTimeout bounds each dial and each SMTP command when
// EmailSettings.Timeout is zero. go-smtp's own default is five minutes,
// which would hold a poll cycle hostage to a hung server.
const DefaultTimeout = 30 * time.Second

// quitTimeout bounds the wait for the answer to QUIT.
const quitTimeout = 2 * time.Second

// helloName is what we call ourselves in EHLO: not the machine's name,
// which would leak into every message's Received header.
const helloName = "localhost"

// checked is EmailSettings after validation, with defaults filled in.
type checked struct {
	EmailSettings
	addr string // host:port
	env  envelope
}

// check validates the settings and fills in defaults: the port from the
// security mode, From from Username, the timeout.
func check(s EmailSettings) (checked, error) {
	c := checked{EmailSettings: s}
	c.Host = strings.TrimSpace(s.Host)
	switch c.Security {
	case "tls":
		if c.Port == 0 {
			c.Port = 465
		}
	case "starttls":
		if c.Port == 0 {
			c.Port = 587
		}
	default:
		return c, fmt.Errorf("security %q: use \"tls\" (implicit TLS, port 465) or \"starttls\" (port 587)", s.Security)
	}
	if c.Host == "" {
		return c, errors.New("no SMTP host set")
	}
	if c.Port < 1 || c.Port > 65535 {
		return c, fmt.Errorf("port %d is not a port number", c.Port)
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	c.addr = net.JoinHostPort(c.Host, strconv.Itoa(c.Port))
	from := strings.TrimSpace(s.From)
	if from == "" {
		from = strings.TrimSpace(s.Username)
		if _, err := parseAddress(from); from != "" && err != nil {
			return c, errors.New(words.LoginNotFrom(from))
		}
	}
	if err := c.fillEnvelope(from, s.To); err != nil {
		return c, err
	}
	return c, nil
}

// fillEnvelope parses the sender and the recipients into bare addresses.
func (c *checked) fillEnvelope(from, to string) error {
	if from == "" {
		return errors.New("no sender address: set from (or username)")
	}
	fa, err := parseAddress(from)
	if err != nil {
		return fmt.Errorf("from %q: %w", from, err)
	}
	c.env.From = fa
	for _, part := range strings.Split(to, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		ta, err := parseAddress(part)
		if err != nil {
			return fmt.Errorf("to %q: %w", part, err)
		}
		c.env.To = append(c.env.To, ta)
	}
	if len(c.env.To) == 0 {
		return errors.New("no recipient address: set to")
	}
	return nil
}

// session is one SMTP connection, always encrypted before any command that
// carries the user's data.
type session struct {
	s      checked
	client *smtp.Client
	raw    net.Conn
	stop   func() bool // releases the context.AfterFunc that closes raw
}

// send delivers one message: dial, TLS, greeting, AUTH, MAIL, RCPT, DATA.
// It returns nil only when the server answered 250 to the message.
func send(ctx context.Context, s checked, msg []byte) error {
	ss, err := dial(ctx, s)
	if err == nil {
		defer ss.close()
		err = ss.transact(msg)
	}
	if ctxErr := ctx.Err(); err != nil && ctxErr != nil {
		return &DeliveryError{Stage: errStage(err), Err: ctxErr, msg: "email cancelled: " + ctxErr.Error()}
	}
	if err == nil {
		// The message is accepted; a slow or failed QUIT changes nothing,
		// so it gets only a short wait.
		ss.client.CommandTimeout = min(ss.s.Timeout, quitTimeout)
		_ = ss.client.Quit()
	}
	return err
}

// close ends the session's hold on the caller's context and the connection.
func (ss *session) close() {
	ss.stop()
	ss.raw.Close()
}

func errStage(err error) string {
	if de, ok := errors.AsType[*DeliveryError](err); ok {
		return de.Stage
	}
	return StageDial
}

// dial connects, sets up TLS (implicit or STARTTLS) and says EHLO, all
// within the timeout, so a certificate problem surfaces here rather than
// being swallowed later.
func dial(ctx context.Context, s checked) (*session, error) {
	tlsConfig, err := s.tlsConfig()
	if err != nil {
		return nil, &DeliveryError{Permanent: true, Stage: StageTLS, Err: err, msg: err.Error()}
	}
	d := net.Dialer{Timeout: s.Timeout}
	raw, err := d.DialContext(ctx, "tcp", s.addr)
	if err != nil {
		return nil, classify(StageDial, s.addr, err)
	}
	// Cancelling ctx must cut through a command that is waiting on the
	// server, not only stop us between commands.
	ss := &session{s: s, raw: raw, stop: context.AfterFunc(ctx, func() { raw.Close() })}
	if s.Security == "tls" {
		err = ss.implicitTLS(ctx, tlsConfig)
	} else {
		err = ss.startTLS(tlsConfig)
	}
	if err != nil {
		ss.close()
		return nil, err
	}
	return ss, nil
}

// implicitTLS does the handshake first (port 465), then reads the greeting.
func (ss *session) implicitTLS(ctx context.Context, cfg *tls.Config) error {
	conn := tls.Client(ss.raw, cfg)
	ss.raw.SetDeadline(time.Now().Add(ss.s.Timeout))
	if err := conn.HandshakeContext(ctx); err != nil {
		return classify(StageTLS, ss.s.addr, err)
	}
	ss.raw.SetDeadline(time.Time{})
	ss.client = smtp.NewClient(conn)
	ss.setTimeouts()
	if err := ss.client.Hello(helloName); err != nil {
		return classify(StageGreeting, ss.s.addr, err)
	}
	return nil
}

// startTLS reads the greeting in plain text, upgrades with STARTTLS and says
// EHLO again over TLS (port 587). go-smtp reads the greeting with its own
// five-minute limit before we can set ours, so a timer closes the
// connection if greeting, EHLO and STARTTLS together take too long.
func (ss *session) startTLS(cfg *tls.Config) error {
	timer := time.AfterFunc(ss.s.Timeout, func() { ss.raw.Close() })
	client, err := smtp.NewClientStartTLS(ss.raw, cfg)
	if !timer.Stop() {
		return classify(StageGreeting, ss.s.addr, errTimedOut)
	}
	if err != nil {
		if err.Error() == "smtp: server doesn't support STARTTLS" {
			return classify(StageTLS, ss.s.addr, errNoStartTLS)
		}
		return classify(StageGreeting, ss.s.addr, err)
	}
	ss.client = client
	ss.setTimeouts()
	if err := ss.client.Hello(helloName); err != nil {
		stage := StageGreeting
		if _, ok := errors.AsType[*smtp.SMTPError](err); !ok {
			stage = StageTLS // the handshake runs inside this first encrypted command
		}
		return classify(stage, ss.s.addr, err)
	}
	return nil
}

func (ss *session) setTimeouts() {
	ss.client.CommandTimeout = ss.s.Timeout
	ss.client.SubmissionTimeout = ss.s.Timeout
}

// tlsConfig trusts the system roots plus the optional CA file, and checks
// the certificate against the configured host name.
func (s checked) tlsConfig() (*tls.Config, error) {
	cfg := &tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}
	if s.CAFile == "" {
		return cfg, nil
	}
	pem, err := readCAFile(s.CAFile)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("ca_file %s holds no PEM certificate", s.CAFile)
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// maxCAFile is the largest ca_file read: a CA certificate is a couple of
// kilobytes, and a whole bundle of them a few hundred.
const maxCAFile = 1 << 20

// readCAFile reads the ca_file at path only when it is a regular file of
// at most maxCAFile bytes: a device (/dev/zero) or a huge file named by
// mistake is refused, saying so, instead of being read until memory runs
// out.
func readCAFile(path string) ([]byte, error) {
	st, err := os.Stat(path) // before opening: opening a named pipe would wait for a writer
	if err != nil {
		return nil, fmt.Errorf("ca_file %s cannot be read: %w", path, err)
	}
	f, err := os.Open(path)
	if err == nil {
		defer f.Close()
		st, err = f.Stat() // the file opened, whatever the path names now
	}
	switch {
	case err != nil:
		return nil, fmt.Errorf("ca_file %s cannot be read: %w", path, err)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("ca_file %s is %s, not a certificate file: give the path of the server's CA certificate (a .pem file), or leave ca_file empty",
			path, fileKind(st.Mode()))
	case st.Size() > maxCAFile:
		return nil, fmt.Errorf("ca_file %s is %d MB; a CA certificate takes a few kilobytes (at most 1 MB): give the path of the server's CA certificate (a .pem file)",
			path, (st.Size()+(1<<20)-1)>>20)
	}
	pem, err := io.ReadAll(io.LimitReader(f, maxCAFile))
	if err != nil {
		return nil, fmt.Errorf("ca_file %s cannot be read: %w", path, err)
	}
	return pem, nil
}

// fileKind is what a file that is not a regular file is, in words.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// transact runs AUTH, MAIL, RCPT and DATA on an encrypted connection.
func (ss *session) transact(msg []byte) error {
	if _, isTLS := ss.client.TLSConnectionState(); !isTLS {
		// Unreachable by construction; kept so a future change cannot
		// send a password in the clear.
		return &DeliveryError{Permanent: true, Stage: StageTLS, msg: "refusing to log in without TLS"}
	}
	if err := ss.auth(); err != nil {
		return err
	}
	if err := ss.client.Mail(ss.s.env.From, nil); err != nil {
		return classify(StageMail, ss.s.addr, err)
	}
	for _, to := range ss.s.env.To {
		if err := ss.client.Rcpt(to, nil); err != nil {
			return classify(StageRcpt, ss.s.addr, err)
		}
	}
	return ss.data(msg)
}

// data sends the message and waits for the server's 250.
func (ss *session) data(msg []byte) error {
	w, err := ss.client.Data()
	if err != nil {
		return classify(StageData, ss.s.addr, err)
	}
	// go-smtp sets no deadline while the body is written; ours covers the
	// body and the final dot, then go-smtp's SubmissionTimeout covers the
	// wait for the reply.
	ss.raw.SetDeadline(time.Now().Add(ss.s.Timeout))
	if _, err := w.Write(msg); err != nil {
		return classify(StageData, ss.s.addr, err)
	}
	if err := w.Close(); err != nil {
		return classify(StageData, ss.s.addr, err)
	}
	return nil
}

// auth logs in with the configured or the best offered mechanism. With
// neither a username nor a token set it does not log in at all (a relay
// that trusts the network).
func (ss *session) auth() error {
	if ss.s.Username == "" && ss.s.OAuthToken == "" {
		return nil
	}
	_, offered := ss.client.Extension("AUTH")
	mech, err := pickMechanism(ss.s.Auth, ss.s.OAuthToken != "", strings.Fields(strings.ToUpper(offered)))
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageAuth, Err: err, msg: err.Error()}
	}
	if err := ss.client.Auth(saslClient(mech, ss.s.EmailSettings)); err != nil {
		return classify(StageAuth, ss.s.addr, err)
	}
	return nil
}

// EmailSettings says where and how to send email. The zero Port means the
// usual one for Security (465 for "tls", 587 for "starttls"); the zero
// Timeout means DefaultTimeout, applied to the dial and to each command.
// An empty From means Username. Auth "" picks from what the server offers:
// PLAIN, then LOGIN for a password; OAUTHBEARER, then XOAUTH2 for a token.
type EmailSettings struct {
	To, From   string
	Host       string
	Port       int
	Security   string // "tls" (implicit) or "starttls"
	Username   string
	Password   string
	CAFile     string // extra CA (PEM) trusted on top of the system roots
	Timeout    time.Duration
	OAuthToken string
	Auth       string // "", "plain", "login", "oauthbearer", "xoauth2"
}
