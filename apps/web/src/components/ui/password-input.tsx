import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input } from './input';

/** A password field with a show/hide toggle; the labels come from the caller's language. */
export function PasswordInput({
  showLabel,
  hideLabel,
  ...props
}: Omit<ComponentProps<typeof Input>, 'type'> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-10" />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="group absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        data-password-toggle=""
        data-show-label={showLabel}
        data-hide-label={hideLabel}
      >
        {/* Both icons, the pressed state picks one: the prerendered sign-in page toggles it without React. */}
        <Eye className="size-4 group-aria-pressed:hidden" aria-hidden="true" />
        <EyeOff className="hidden size-4 group-aria-pressed:block" aria-hidden="true" />
      </button>
    </div>
  );
}
