import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** The small screens' menu drawer (Radix dialog): its own chunk, loaded the first time the menu is opened. */
export default function SidebarDrawer({
  open,
  onOpenChange,
  testId,
  labels,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  labels: { close: string; menuTitle: string; menuDescription: string };
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel={labels.close} data-testid={testId}>
        <SheetTitle className="sr-only">{labels.menuTitle}</SheetTitle>
        <SheetDescription className="sr-only">{labels.menuDescription}</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
