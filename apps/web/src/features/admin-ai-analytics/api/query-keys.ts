/** Query keys of the AI analytics page; every action invalidates the whole prefix (the page reloads its data). */
export const AI_ANALYTICS_KEY = ['admin', 'ai-analytics'] as const;
