package blocks

import (
	"net/http"
	"testing"
	"time"
)

// TestSiteOwnWalls covers the walls no vendor signs that the captures
// showed missing (a site's image captcha, DOSarrest, an Akamai reference
// with a seven-digit address) and the classes the brief names beside them
// (a blocked notice in the portals' languages, a bare status-line body),
// each with the ordinary pages that share their words or fields.
func TestSiteOwnWalls(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		status int
		body   string
		want   Kind
		vendor string
	}{
		// A site's own image captcha: one answer field, a dead end, a reason.
		{"amazon robot check", 0, `<html><head><title>Amazon.com</title></head><body><h4>Enter the characters you see below</h4>` +
			`<p>Sorry, we just need to make sure you're not a robot.</p><form action="/errors/validateCaptcha">` +
			`<img src="https://images-na.ssl-images-amazon.com/captcha/abc/Captcha_x.jpg"><input type="hidden" name="amzn" value="x">` +
			`<input id="captchacharacters" name="field-keywords" type="text" autocomplete="off"><button type="submit">Continue shopping</button></form>` +
			`<a href="/gp/help/customer/display.html/?nodeId=508088">Conditions of Use</a></body></html>`, Challenge, ""},
		{"image captcha served with 429", http.StatusTooManyRequests, `<html><body><p>To continue, please type the characters below:</p>` +
			`<img src="/sorry/image?id=1"><form action="CaptchaRedirect"><input type="text" name="captcha"></form>` +
			`<p>This page checks to see if it's really you sending the requests, and not a robot.</p></body></html>`, RateLimited, ""},
		{"captcha field named in capitals", 0, `<html><body><p>Type the characters below to show you are not a robot.</p>` +
			`<form><img src="/img.aspx"><input type="text" name="TxtCAPTCHA"></form></body></html>`, Challenge, ""},
		{"contact form with a captcha field", 0, `<html><head><title>Contact</title></head><body><form><input name="email">` +
			`<textarea name="message"></textarea><img src="/captcha.php"><input name="captcha_code"></form>` +
			`<p>Prove you are not a robot.</p></body></html>`, OK, ""},
		{"login with a captcha field", 0, `<html><head><title>Log in</title></head><body><form><input type="password" name="pw">` +
			`<img src="/captcha.png"><input name="captcha"></form><p>Not a robot? Type the code.</p></body></html>`, OK, ""},
		{"captcha field that asks nothing", 0, `<html><body><form><img src="/c.png"><input name="captcha"></form></body></html>`, OK, ""},

		// A blocked notice, in the portals' languages.
		{"ip address blocked", 0, `<html><head><title>bol.com</title></head><body><h1>IP address 64.236.144.106 is blocked</h1>` +
			`<p>Your access to bol has been temporarily blocked due to possible abuse from this IP address.</p>` +
			`<a href="mailto:customerservice@bol.com">customerservice@bol.com</a></body></html>`, Denied, ""},
		{"you have been blocked", 0, `<html><head><title>You have been blocked</title></head><body><p>Sorry.</p></body></html>`, Denied, ""},
		{"nl geblokkeerd", 0, `<html><head><title>Toegang geblokkeerd</title></head><body><h1>Je bent geblokkeerd</h1></body></html>`, Denied, ""},
		{"de gesperrt", 0, `<html><head><title>Zugriff gesperrt</title></head><body><p>Bitte später erneut.</p></body></html>`, Denied, ""},
		{"fr bloqué", 0, `<html><head><title>Vous avez été bloqué</title></head><body></body></html>`, Denied, ""},
		{"es bloqueado", 0, `<html><head><title>Acceso bloqueado</title></head><body></body></html>`, Denied, ""},
		{"it bloccato", 0, `<html><head><title>Accesso bloccato</title></head><body></body></html>`, Denied, ""},
		{"help page asks why", 0, `<html><head><title>Why have I been blocked?</title></head><body><p>Read on.</p></body></html>`, OK, ""},
		{"blocked drains ad", 0, `<html><head><title>Blocked drains fixed today, call us</title></head><body></body></html>`, OK, ""},
		{"headline with blocked", 0, `<html><head><title>Rent cap blocked by court</title></head><body><p>News.</p></body></html>`, OK, ""},
		{"blocked notice with a form", 0, `<html><head><title>Your account is blocked</title></head><body><form><input name="email">` +
			`</form></body></html>`, OK, ""},

		// A notice of unusual traffic, no captcha: the site asks us to wait.
		{"google automated queries", 0, `<html><head><title>Sorry...</title></head><body><div><h1>We're sorry...</h1>` +
			`<p>... but your computer or network may be sending automated queries. To protect our users, we can't process ` +
			`your request right now.</p></div><a href="https://support.google.com/websearch/answer/86640">See Google Help</a></body></html>`, RateLimited, ""},
		{"unusual traffic heading", 0, `<html><head><title>Portal</title></head><body><h1>Unusual traffic from your network</h1>` +
			`<p>Please try again in a few minutes.</p></body></html>`, RateLimited, ""},
		{"de ungewöhnlicher datenverkehr", 0, `<html><head><title>Hinweis</title></head><body><p>Wir haben ungewöhnlichen Datenverkehr ` +
			`aus Ihrem Netzwerk festgestellt. Bitte versuchen Sie es später erneut.</p></body></html>`, RateLimited, ""},
		{"help page on unusual traffic", 0, `<html><head><title>Help</title></head><body><h1>Why do I see "unusual traffic from your computer"?</h1>` +
			`<p>Read on.</p></body></html>`, OK, ""},
		{"unusual traffic form", 0, `<html><head><title>Contact</title></head><body><p>Unusual traffic from your network? Tell us.</p>` +
			`<form><input name="email"><textarea name="msg"></textarea></form></body></html>`, OK, ""},

		// Firewalls' own block pages, whose words are all there is.
		{"fortiweb web page blocked", 0, `<html><head><title>Web Page Blocked</title></head><body><h1>Web Page Blocked!</h1>` +
			`<p>The page cannot be displayed. Please contact the administrator for additional information.</p>` +
			`<p>Attack ID: 20000051</p></body></html>`, Denied, ""},
		{"request blocked saved", 0, `<html><head><title>Your request has been blocked</title></head><body></body></html>`, Denied, ""},
		{"modsecurity 406", 406, `<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN"><html><head><title>406 Not Acceptable</title></head>` +
			`<body><h1>Not Acceptable!</h1><p>An appropriate representation of the requested resource could not be found on this server.` +
			` This error was generated by Mod_Security.</p></body></html>`, Denied, "modsecurity"},
		{"request being verified", 0, `<html><head><title>Please wait while your request is being verified...</title></head>` +
			`<body><script>setTimeout(function(){location.reload()},5000)</script></body></html>`, Challenge, ""},
		{"popups blocked notice", 0, `<html><head><title>Pop-ups blocked</title></head><body></body></html>`, OK, ""},

		// DOSarrest: 4xx in its title is a refusal, 5xx the site's trouble.
		{"dosarrest 463", 463, `<html><head><title>463 Restricted Client - DOSarrest Internet Security</title>` +
			`<link href="/DOAError/assets/css/core.css" rel="stylesheet"></head><body></body></html>`, Denied, "dosarrest"},
		{"dosarrest 502", 502, `<html><head><title>502 Bad Gateway - DOSarrest Internet Security</title>` +
			`<link href="/DOAError/assets/css/core.css" rel="stylesheet"></head><body></body></html>`, OK, ""},

		// Akamai's reference with a client address under 16.x.x.x.
		{"akamai seven-digit address", 0, `<HTML><BODY><P>Reference&#32;&#35;18&#46;e834768&#46;1638849804&#46;2c1382d</P></BODY></HTML>`, Denied, "akamai"},

		// A bare body that is a status line.
		{"bare too many requests", 0, `Too Many Requests`, RateLimited, ""},
		{"bare forbidden", 0, `<html><body>Forbidden</body></html>`, Denied, ""},
		{"bare hello", 0, `<html><body>Hello</body></html>`, OK, ""},
		{"bare sentence", 0, `<html><body>Too many requests were made to this listing today, so it is popular.</body></html>`, OK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{Status: tt.status, URL: "https://example.com/", HTML: []byte(tt.body)}, now)
			if v.Kind != tt.want {
				t.Fatalf("kind = %s (%s: %s), want %s", v.Kind, v.Vendor, v.Reason, tt.want)
			}
			if v.Kind != OK && v.Vendor != tt.vendor {
				t.Errorf("vendor = %q, want %q (%s)", v.Vendor, tt.vendor, v.Reason)
			}
		})
	}
}
