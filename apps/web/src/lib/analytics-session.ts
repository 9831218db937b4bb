/** The anonymous analytics session id of this tab (sessionStorage), shared by the SPA and the static landing page. */
export function analyticsSessionId(): string {
  const key = 'bist-ai.analytics-session';
  try {
    let id = sessionStorage.getItem(key);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(key, id);
    }
    return id;
  } catch {
    return 'no-session-storage';
  }
}
