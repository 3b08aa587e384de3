window.portal = { ready: true };
