/** Query keys of the AI operations centre; every action invalidates the whole prefix (the page reloads its data). */
export const AI_OPS_KEY = ['admin', 'ai-operations'] as const;
