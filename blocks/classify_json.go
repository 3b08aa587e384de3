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
	for _, m := range jsonMessages(body, nil, 0) {
		m = collapse(m)
		mw := wallView{scan: scan{text: m, textLen: textLength(m)}, status: w.status, header: w.header, url: w.url}
		if v, ok := mw.plainWall(); ok {
			v.Reason = "JSON body: " + v.Reason
			return v, true
		}
	}
	return Verdict{}, false
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
