package app

import (
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/outbox"
)

// The settings in force, handed on: each change of the settings file (the
// window's, a command's, an edit by hand) reaches the engine and the
// delivery once, from the settings' owner (config.Owner).

// problemWords is a settings file's problem as the tray and the window
// show it; "" for none.
func problemWords(err error) string {
	if err == nil {
		return ""
	}
	return "Settings file: " + err.Error()
}

// follow hands each change of the settings in force to the engine and to
// the delivery, in order, until the settings close. A good edit takes
// effect at once; a bad one leaves the last good settings in force and
// says why.
func (a *app) follow(before config.State, changes <-chan config.State) {
	for now := range changes {
		a.engineTakes(now)
		a.deliveryTakes(before, now)
		before = now
	}
}

// engineTakes gives the engine each good change (it says "settings
// applied" once per save, whatever was saved), and a bad file's problem.
func (a *app) engineTakes(now config.State) {
	if now.Problem != nil {
		a.log.Warn("the settings file has a problem; keeping the last good settings", "path", a.settingsPath, "err", now.Problem)
		a.engine.SetProblem(problemWords(now.Problem))
		return
	}
	a.engine.SetSettings(engineSettings(now.Settings)) // clears a problem shown
}

// deliveryTakes gives the outbox new email settings (a newly stored
// password among them) or push URLs. Only new delivery settings deserve a
// fresh try after a refusal; an edit to a search keeps "check your email".
// The same outbox takes them: its channels keep their queues (a push URL
// that stays keeps its own), a new URL starts with an empty queue.
func (a *app) deliveryTakes(before, now config.State) {
	if !now.Settings.DeliveryChanged(before.Settings) {
		return
	}
	a.outbox.SetEmail(a.emailFor(now.Settings))
	a.outbox.SetPush(pushURLs(now.Settings))
	a.keepPrivate(now.Settings)
	a.engine.SetOutbox(a.outbox)
}

func pushURLs(s config.Settings) []string {
	if s.Push == nil {
		return nil
	}
	return s.Push.URLs
}

// keepPrivate makes the settings file 0600 when it holds push URLs.
func (a *app) keepPrivate(s config.Settings) {
	if len(pushURLs(s)) == 0 {
		return
	}
	if fixed, err := config.KeepPrivate(a.settingsPath); err != nil {
		a.log.Warn(err.Error())
	} else if fixed {
		a.log.Info("made the settings file private (0600): its push URLs hold secrets", "path", a.settingsPath)
	}
}

func engineSettings(s config.Settings) engine.Settings {
	return engine.Settings{Interval: s.Interval, Searches: s.Searches}
}

// emailFor is the email delivery of the settings, with the password from
// the keychain or the environment (the one s.Email.PasswordVersion names,
// unless it changed again since); nil without [email] (desktop pop-ups
// only).
func (a *app) emailFor(s config.Settings) *outbox.EmailSettings {
	if s.Email == nil {
		return nil
	}
	es := EmailSettings(*s.Email)
	pw, err := outbox.Password(s.Email.Username)
	if err != nil {
		a.log.Warn("no SMTP password", "err", err)
	}
	es.Password = pw
	return &es
}

// EmailSettings maps the settings file's [email] onto what outbox needs;
// the password is looked up separately and never comes from the file.
func EmailSettings(e config.Email) outbox.EmailSettings {
	return outbox.EmailSettings{
		To: e.To, From: e.From, Host: e.Host, Port: e.Port, Security: e.Security,
		Username: e.Username, CAFile: e.CAFile,
	}
}
