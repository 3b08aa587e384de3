package config

import (
	"strconv"
	"strings"
)

// SetReply sets the [reply] table (who the user is, the default message,
// consent) to r, adding the table if there is none; nil removes it. It
// returns the reply settings now in the file. A search with reply = true
// keeps needing a message: Validate refuses an edit that takes it away.
func (o *Owner) SetReply(r *Reply) (set *Reply, err error) {
	return set, o.editing(func() { set, err = o.edit.SetReply(r) }, &err)
}

// SetReply is the Owner's SetReply, in the file.
func (e *editor) SetReply(r *Reply) (*Reply, error) {
	s, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("reply") {
			return nil, inlineError("reply")
		}
		t, has := d.find("reply", 0)
		if r == nil {
			s.Reply = nil
			if !has {
				return nil, nil
			}
			return []splice{d.removeTable(d.tableIndex(t))}, nil
		}
		in := trimReply(*r)
		s.Reply = &in
		if !has {
			return []splice{d.insertBlock(replyAt(d), replyBlock(in, d.eol))}, nil
		}
		var edits []splice
		for _, f := range replyFields(in) {
			edits = append(edits, d.setKey(t, f.key, f.value))
		}
		return edits, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Reply, nil
}

func trimReply(r Reply) Reply {
	r.Name, r.Email, r.Phone = strings.TrimSpace(r.Name), strings.TrimSpace(r.Email), strings.TrimSpace(r.Phone)
	r.Message = strings.TrimSpace(strings.ReplaceAll(r.Message, "\r\n", "\n"))
	return r
}

// replyFields are [reply]'s keys in the order the default file writes them.
func replyFields(r Reply) []struct{ key, value string } {
	return []struct{ key, value string }{
		{"name", quote(r.Name)}, {"email", quote(r.Email)}, {"phone", quote(r.Phone)},
		{"consent", strconv.FormatBool(r.Consent)}, {"message", quote(r.Message)},
	}
}

func replyBlock(r Reply, eol string) string {
	var b strings.Builder
	b.WriteString("[reply]" + eol)
	for _, f := range replyFields(r) {
		b.WriteString(f.key + " = " + f.value + eol)
	}
	return b.String()
}

// replyAt is where a new [reply] table goes: above the first [[search]]
// (where the default file explains auto-reply), else at the end.
func replyAt(d *doc) int {
	if t, ok := d.find("search", 0); ok {
		return d.attached(t)
	}
	return len(d.src)
}
