package blocks

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// A gateway, a firewall or a CDN answers a client that asked for JSON (or
// any request, on an API host) with a JSON body in place of the page: API
// Gateway's {"message":"Too Many Requests"}, Cloudflare's 1015 as problem
// details, Imunify360's one-line refusal, a GraphQL errors envelope. Chrome
// shows such a body as the text of a <pre>, so the scan sees it as the
// page's whole text.

// jsonMaxText bounds the text of a JSON refusal: a message or two and some
// fields (Cloudflare's problem details are under 1 KB). A JSON answer with
// listings in it is longer, and says nothing of a refusal anyway.
const jsonMaxText = maxTextSample

// jsonWall reads the messages of a page that is a short JSON body with
// the same wording rules as a short page's text (plainWall): a status
// line ("Too Many Requests", "Forbidden"), a rate-limit notice ("Error
// 1015: You are being rate limited"), a refusal ("Access denied by ...").
// An ordinary answer (listings, "success", "Not Found") says none of them.
func (w *wallView) jsonWall() (Verdict, bool) {
	text := strings.TrimSpace(w.text)
	if text == "" || text[0] != '{' && text[0] != '[' || len(text) >= jsonMaxText || w.truncated ||
		w.links > 0 || len(w.headings) > 0 || w.hidden != "" {
		return Verdict{}, false
	}
	var body any
	if json.Unmarshal([]byte(text), &body) != nil {
		return Verdict{}, false
	}
	if kind, reason := jsonStatesWall(body); reason != "" {
		return Verdict{Kind: kind, Vendor: vendorFromHeaders(w.header), Reason: "JSON body: " + reason}, true
	}
	messages := jsonMessages(body, nil, 0)
	if len(messages) == 0 {
		messages = ownKeyMessages(body)
	}
	// Each message alone, then all of them as one text: a limiter may
	// put its notice and its "try again in 37 seconds" in two fields.
	if len(messages) > 1 {
		messages = append(messages, strings.Join(messages, ". "))
	}
	for _, m := range messages {
		m = collapse(m)
		mw := wallView{scan: scan{text: m, textLen: textLength(m)}, status: w.status, header: w.header, url: w.url}
		if v, ok := mw.plainWall(); ok {
			v.Reason = "JSON body: " + v.Reason
			return v, true
		}
	}
	return Verdict{}, false
}

// jsonStatusKeys name the fields an error body states its HTTP status in;
// jsonCodeKeys, the fields it names the error in, as a machine-readable
// token.
var (
	jsonStatusKeys = map[string]bool{"status": true, "statuscode": true, "status_code": true, "code": true,
		"httpstatus": true, "http_status": true, "httpcode": true}
	jsonCodeKeys = map[string]bool{"code": true, "error": true, "error_code": true, "errorcode": true, "type": true,
		"reason": true, "status": true, "error_name": true, "error_category": true}
)

// wallTokens are the machine names APIs give a rate limit
// ("RATE_LIMITED", "too_many_requests", "Throttled") or a demand for a
// captcha ("captcha_required"), lowercased, and the kind each makes.
var wallTokens = map[string]Kind{"rate_limited": RateLimited, "ratelimited": RateLimited,
	"rate_limit_exceeded": RateLimited, "ratelimitexceeded": RateLimited, "rate-limited": RateLimited,
	"too_many_requests": RateLimited, "toomanyrequests": RateLimited, "throttled": RateLimited,
	"throttling": RateLimited, "throttlingexception": RateLimited, "too_many_attempts": RateLimited,
	"captcha_required": Challenge, "captcha_needed": Challenge, "challenge_required": Challenge,
	"human_verification_required": Challenge}

// jsonStatesWall returns the kind and the reason of a JSON error body
// that says, in its own machine fields, that it is a wall: the status 429
// ({"statusCode": 429}, problem details' "status": 429) or a wall's code
// ({"error": {"code": "RATE_LIMITED"}}, {"error": "captcha_required"}), at
// the top or in its error object, whatever language its message is in.
// No reason for anything else: a 429 inside the data (a log entry, a
// list) is an answer about one, not one.
func jsonStatesWall(body any) (Kind, string) {
	top, ok := body.(map[string]any)
	if !ok {
		return OK, ""
	}
	for _, obj := range []any{top, top["error"]} {
		m, ok := obj.(map[string]any)
		if !ok {
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			switch v := m[k].(type) {
			case float64:
				if v == 429 && jsonStatusKeys[k] {
					return RateLimited, k + " 429"
				}
			case string:
				if kind, ok := wallTokens[strings.TrimSpace(v)]; ok && jsonCodeKeys[k] {
					return kind, k + ` "` + v + `"`
				}
			}
		}
	}
	return OK, ""
}

// jsonMessageKeys name the fields an error body says what happened in.
// The scan lowercased the body, so they are matched lowercased.
var jsonMessageKeys = map[string]bool{"message": true, "msg": true, "error": true, "title": true,
	"detail": true, "error_message": true, "errormessage": true, "description": true, "reason": true,
	"error_description": true, "status": true}

// jsonMaxDepth is how deep jsonMessages looks: {"error":{"message":...}},
// {"errors":[{"message":...}]}.
const jsonMaxDepth = 3

// jsonMessages appends to out the string values of body's message fields,
// looking inside an error object or list of errors, and inside a top-level
// list.
func jsonMessages(body any, out []string, depth int) []string {
	if depth > jsonMaxDepth {
		return out
	}
	switch b := body.(type) {
	case map[string]any:
		// In key order, so that a body with two messages always gives
		// the same verdict.
		for _, k := range slices.Sorted(maps.Keys(b)) {
			switch v := b[k].(type) {
			case string:
				if jsonMessageKeys[k] {
					out = append(out, v)
				}
			case map[string]any, []any:
				if k == "error" || k == "errors" || k == "status" {
					out = jsonMessages(v, out, depth+1)
				}
			}
		}
	case []any:
		for _, v := range b {
			out = jsonMessages(v, out, depth+1)
		}
	}
	return out
}

// ownKeyMaxFields is how many fields a body may have for its strings to
// be read whatever their keys: a limiter's answer is a message and maybe
// a code or a wait; a record with data in it has more.
const ownKeyMaxFields = 4

// ownKeyMessages returns the string values of a small flat JSON object
// that has no field jsonMessageKeys knows: apps name the field in their
// own language ({"eroare": "Prea multe cereri..."}, {"feil": ...},
// {"fout": ...}) as often as "message" or "error". Flat means no object or
// list inside: a body with data in it is an answer, not a refusal. The
// strings are then read with the same wording rules as any message, so a
// validation error or a success under an own key stays ok.
func ownKeyMessages(body any) []string {
	m, ok := body.(map[string]any)
	if !ok || len(m) > ownKeyMaxFields {
		return nil
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch v := m[k].(type) {
		case string:
			out = append(out, v)
		case map[string]any, []any:
			return nil
		}
	}
	return out
}
