import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { AlertFormDialog as AlertFormDialogType } from './alert-form-dialog';

// The form (Radix dialog, the stock picker, the rules) loads the first time it is opened, not with every page
// that shows the bell or an alert button.
const AlertFormDialogImpl = lazy(() =>
  import('./alert-form-dialog').then((m) => ({ default: m.AlertFormDialog })),
);

/** The alert form, fetched on first opening; mounted from then on so closing keeps its animation and focus return. */
export function AlertFormDialog(props: ComponentProps<typeof AlertFormDialogType>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AlertFormDialogImpl {...props} />
    </Suspense>
  );
}
