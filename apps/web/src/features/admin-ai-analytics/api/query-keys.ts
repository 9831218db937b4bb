/** Query keys of the AI analytics page; every action invalidates the whole prefix (the page reloads its data). */
export const AI_ANALYTICS_KEY = ['admin', 'ai-analytics'] as const;

/** Spec §9: the page refreshes every 300 000 ms. */
export { AI_ANALYTICS_REFRESH_MS } from '@bist/contracts';
