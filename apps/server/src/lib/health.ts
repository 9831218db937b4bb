/** Health of a background component (market feed, job queue), for /health-style checks and the admin dashboard. */
export interface ComponentHealth {
  status: 'ok' | 'degraded' | 'down' | 'not_configured';
  detail: string;
}
