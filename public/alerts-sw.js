// Corridor's alerts service worker (docs/alerts.md, "Web push"): shows an alert that arrives while
// no Corridor tab is open, and opens the page it belongs to when clicked. The payload is
// { kind, body }: the alert's text in the person's language, never a card number or a secret.
const PAGES = {
  payout_task: '/trader/pool',
  payin_to_confirm: '/trader/payins',
  payout_to_confirm: '/merchant/payouts',
  dispute_opened: '/operator',
  dispute_resolved: '/trader',
  deadline_soon: '/',
  case_overdue: '/operator',
  ledger_alarm: '/operator/ledger',
};

self.addEventListener('push', (event) => {
  let alert = { kind: '', body: '' };
  try {
    alert = event.data ? event.data.json() : alert;
  } catch {
    alert = { kind: '', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(self.registration.showNotification('Corridor', { body: alert.body, tag: alert.kind || undefined, data: { url: PAGES[alert.kind] || '/' } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(self.clients.openWindow(url));
});
