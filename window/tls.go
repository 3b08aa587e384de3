package window

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The certificate of a window that listens beyond loopback. No authority
// can vouch for a box on a home network, so rentwatch makes its own on
// first start and keeps it: a phone that was told once to trust it (after
// the user compared its fingerprint with the one in Settings and the log)
// is not asked again at the next start.
const (
	CertFile = "window-cert.pem" // in the data folder, 0600
	KeyFile  = "window-key.pem"  // in the data folder, 0600
)

// certLife is how long a made certificate is good for: longer than any
// box runs unattended, and under the 825 days Apple's devices take for a
// certificate a user chose to trust.
const certLife = 800 * 24 * time.Hour

// certificate loads the window's certificate from dataDir, or makes one
// (ECDSA P-256) naming names (DNS names and IP addresses) when there is
// none, or the one there no longer names each of them (the box got
// another address) or is near its end.
func certificate(dataDir string, names []string, now time.Time) (tls.Certificate, error) {
	certPath, keyPath := filepath.Join(dataDir, CertFile), filepath.Join(dataDir, KeyFile)
	c, err := tls.LoadX509KeyPair(certPath, keyPath)
	switch {
	case err == nil && covers(c.Leaf, names, now):
		return c, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return tls.Certificate{}, fmt.Errorf("read the window's certificate %s: %w (remove %s and %s to make a new one)",
			certPath, err, CertFile, KeyFile)
	}
	certPEM, keyPEM, err := makeCertificate(names, now)
	if err != nil {
		return tls.Certificate{}, err
	}
	if err := writePrivate(keyPath, keyPEM); err != nil {
		return tls.Certificate{}, err
	}
	if err := writePrivate(certPath, certPEM); err != nil {
		return tls.Certificate{}, err
	}
	return tls.X509KeyPair(certPEM, keyPEM)
}

// covers reports whether leaf names every one of names and is good for a
// while yet.
func covers(leaf *x509.Certificate, names []string, now time.Time) bool {
	if leaf == nil || now.Add(30*24*time.Hour).After(leaf.NotAfter) {
		return false
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			if !slices.ContainsFunc(leaf.IPAddresses, ip.Equal) {
				return false
			}
		} else if !slices.Contains(leaf.DNSNames, n) {
			return false
		}
	}
	return true
}

func makeCertificate(names []string, now time.Time) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("make the window's key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, fmt.Errorf("make the window's certificate: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "rentwatch window", Organization: []string{"rentwatch"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(certLife),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, fmt.Errorf("make the window's certificate: %w", err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("make the window's key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), nil
}

// writePrivate writes data to path readable by its owner only (0600),
// atomically: a half-written key never stands.
func writePrivate(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("window: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("window: %w", err)
	}
	defer os.Remove(tmp.Name())
	merr := tmp.Chmod(0o600)
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(merr, werr, cerr); err != nil {
		return fmt.Errorf("window: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("window: write %s: %w", path, err)
	}
	return nil
}

// Fingerprint is the SHA-256 of a certificate as browsers show it: hex
// pairs, upper case, joined by colons.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	h := strings.ToUpper(hex.EncodeToString(sum[:]))
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

// machineNames are the names and addresses a browser on the home network
// may reach this machine by, for the certificate and the Host check: the
// listen address (every address of the machine's interfaces when it is
// 0.0.0.0 or ::), the host name, its .local name (mDNS), localhost and
// 127.0.0.1.
func machineNames(listenHost string) []string {
	names := []string{"localhost", "127.0.0.1"}
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.ToLower(h)
		names = append(names, h)
		if !strings.Contains(h, ".") {
			names = append(names, h+".local")
		}
	}
	ip := net.ParseIP(listenHost)
	switch {
	case listenHost == "" || (ip != nil && ip.IsUnspecified()):
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok && !n.IP.IsLinkLocalUnicast() {
					names = append(names, n.IP.String())
				}
			}
		}
	case ip != nil:
		names = append(names, ip.String())
	default:
		names = append(names, strings.ToLower(listenHost))
	}
	slices.Sort(names)
	return slices.Compact(names)
}
