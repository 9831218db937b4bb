import { useState } from 'react';
import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/**
 * An info icon whose tooltip explains a figure; focusable, so keyboard users reach it too, and opened by a tap or a
 * click as well as by hover (a touch screen has no hover: Radix's tooltip alone never opens there). The button does
 * nothing else, so a click only opens; a tap outside or Escape closes. On a phone its tap area is 44×44 px (the
 * global rule in index.css) while negative margins keep the 20 px icon's place in the line.
 */
export function InfoTooltip({
  label,
  text,
  className,
  testId,
}: {
  label: string;
  text: string;
  className?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          data-testid={testId}
          onClick={(e) => {
            // Radix closes a tooltip on its trigger's click unless the event is handled here.
            e.preventDefault();
            setOpen(true);
          }}
          className={cn(
            'inline-flex size-5 shrink-0 cursor-help items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring max-sm:-m-3',
            className,
          )}
        >
          <Info className="size-3.5" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent
        collisionPadding={8}
        className="max-w-xs text-left leading-relaxed font-normal normal-case tracking-normal"
      >
        {text}
      </TooltipContent>
    </Tooltip>
  );
}
