import type { ComponentProps } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        // The dark theme's destructive red is light enough for text on dark cards; under white button text it
        // is darkened so the label keeps AA contrast (axe: color-contrast).
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90 dark:bg-[color-mix(in_oklch,var(--destructive),black_25%)] dark:hover:bg-[color-mix(in_oklch,var(--destructive),black_32%)]',
        outline: 'border border-input bg-card shadow-xs hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-11 rounded-md px-6 text-base',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}

/**
 * A ghost icon-only button whose `label` is both its accessible name and its tooltip (`title` may differ, e.g. to
 * say why it is disabled). `tone` colours destructive (down) and buying (up) actions.
 */
export function IconButton({
  label,
  tone,
  className,
  title,
  ...props
}: Omit<ButtonProps, 'variant' | 'size' | 'aria-label'> & { label: string; tone?: 'up' | 'down' }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(
        tone === 'down' && 'text-down hover:text-down',
        tone === 'up' && 'text-up hover:text-up',
        className,
      )}
      aria-label={label}
      title={title ?? label}
      {...props}
    />
  );
}
