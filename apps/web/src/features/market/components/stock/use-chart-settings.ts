import { useCallback, useState } from 'react';
import { loadChartSettings, saveChartSettings, type ChartSettings } from '@/lib/chart-settings';
import { useSession } from '@/lib/session';

/**
 * The signed-in investor's chart settings, read from this browser once per user and kept there on every change
 * (decision 0057): another investor on the same browser has their own.
 */
export function useChartSettings(): [ChartSettings, (next: ChartSettings) => void] {
  const userId = useSession().session?.user.id ?? '';
  const [state, setState] = useState(() => ({ userId, settings: loadChartSettings(userId) }));
  // Another user signed in on the same page: their own settings.
  const current = state.userId === userId ? state.settings : loadChartSettings(userId);
  if (state.userId !== userId) setState({ userId, settings: current });
  const update = useCallback(
    (next: ChartSettings) => {
      saveChartSettings(userId, next);
      setState({ userId, settings: next });
    },
    [userId],
  );
  return [current, update];
}
