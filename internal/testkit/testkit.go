// Package testkit starts the real things rentwatch's tests run against on
// loopback: a mailpit SMTP server, a private D-Bus session bus with a
// notification recorder on it, a tray host to read the tray item from,
// Chromium, a virtual screen (Xvfb) with screenshots and clicks, a fixture
// rental site (Portal) and a push service speaking ntfy's protocol and a
// webhook's (PushServer); plus self-signed certificates and log
// collectors; and the rig that builds the real rentwatch binary and runs
// it as a child process (app.go, pushrig.go). Every process it starts is
// killed by its PID when the test ends. A tool that is not installed skips
// the test on a developer's machine and fails it in CI (env CI set), so CI
// can never pass by quietly testing nothing.
package testkit

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Patience bounds every wait of a test for something that should happen
// (a process up, a cycle done, a pop-up shown): tests wait for the event,
// and the bound only stops a hang. Generous, because tests run on shared
// machines kept busy by other work, where Chrome alone may take a minute.
const Patience = 3 * time.Minute

// Need returns the path of the external program tool, trying candidates
// (names on PATH or absolute paths) before tool itself. When none is
// found it fails the test if env CI is set and skips it otherwise.
func Need(t testing.TB, tool string, candidates ...string) string {
	t.Helper()
	for _, c := range append(candidates, tool) {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed; this test needs it", tool)
	}
	t.Skipf("%s is not installed; skipping (install it to run this test)", tool)
	return ""
}

// Chromium returns the browser for tests: env RENTWATCH_CHROME if set,
// else chromium or Google Chrome from PATH. Missing, the test is skipped
// (failed in CI), as for Need.
func Chromium(t testing.TB) string {
	t.Helper()
	return Need(t, "chromium", os.Getenv("RENTWATCH_CHROME"), "/usr/bin/chromium",
		"chromium-browser", "google-chrome", "google-chrome-stable")
}

// GoBin is where `go install` puts programs: $GOBIN, else $(go env GOPATH)/bin.
// It returns "" when the go command cannot say.
func GoBin() string {
	if p := os.Getenv("GOBIN"); p != "" {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return ""
	}
	gopath, _, _ := strings.Cut(strings.TrimSpace(string(out)), string(os.PathListSeparator))
	if gopath == "" {
		return ""
	}
	return filepath.Join(gopath, "bin")
}

// FreePort returns a loopback TCP port nobody listened on a moment ago.
// Another process may take it before the caller does; the window is
// small enough for tests.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Cert is a self-signed certificate for localhost and 127.0.0.1, valid for
// a day, written to disk for servers that want files. It is its own CA, so
// CertFile is also the CA file a client must trust.
type Cert struct {
	TLS      tls.Certificate
	CertFile string // PEM certificate
	KeyFile  string // PEM private key
}

// NewCert generates a Cert (ECDSA P-256) in a temporary folder.
func NewCert(t testing.TB) Cert {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(time.Now().UnixNano()),
		Subject:               pkix.Name{CommonName: "localhost"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := Cert{CertFile: filepath.Join(dir, "cert.pem"), KeyFile: filepath.Join(dir, "key.pem")}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	if err := os.WriteFile(c.CertFile, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.KeyFile, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	if c.TLS, err = tls.X509KeyPair(certPEM, keyPEM); err != nil {
		t.Fatal(err)
	}
	return c
}
