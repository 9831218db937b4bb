import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldProps, FormError, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { formErrorsFrom } from '@/lib/server-errors';
import { useTranslation } from '@/lib/use-translation';
import { useChangePassword } from '@/features/auth/api/change-password';
import '@/features/auth/i18n';

type Field = 'current_password' | 'new_password';

/** 'Şifre değiştir' on Hesap Ayarları: the current password (checked by the server) and the new one. */
export function PasswordChangeSection() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setFormError(null);
    if (!current) {
      setErrors({ current_password: t('change.currentRequired') });
      return;
    }
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t('change.title'));
          setCurrent('');
          setNext('');
          setErrors({});
        },
        onError: (e) => {
          const mapped = formErrorsFrom(e, ['current_password', 'new_password'] as const);
          setErrors(mapped.fieldErrors);
          setFormError(
            mapped.formError ?? (Object.keys(mapped.fieldErrors).length ? null : t('change.failed')),
          );
        },
      },
    );
  };

  const input = (field: Field, value: string, set: (v: string) => void, autoComplete: string) => (
    <PasswordInput
      {...fieldProps(`${id}-${field}`, errors[field])}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => {
        set(event.target.value);
        setErrors(({ [field]: _cleared, ...rest }) => rest);
      }}
      disabled={change.isPending}
      showLabel={tCommon('login.showPassword')}
      hideLabel={tCommon('login.hidePassword')}
    />
  );

  return (
    <Card data-testid="password-change">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden />
          {t('change.title')}
        </CardTitle>
        <CardDescription>{t('change.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          <FormField
            id={`${id}-current_password`}
            label={t('change.current')}
            error={errors.current_password}
          >
            {input('current_password', current, setCurrent, 'current-password')}
          </FormField>
          <FormField
            id={`${id}-new_password`}
            label={t('change.new')}
            error={errors.new_password}
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          >
            {input('new_password', next, setNext, 'new-password')}
          </FormField>
          <FormError message={formError} />
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? <Spinner className="size-4 text-current" /> : null}
            {t('change.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
