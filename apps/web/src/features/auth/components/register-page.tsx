import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { fieldProps, FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { formErrorsFrom } from '@/lib/server-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTranslation } from '@/lib/use-translation';
import { useRegister } from '@/features/auth/api/register';
import { AuthDone, AuthShell } from './auth-shell';
import '@/features/auth/i18n';

type Field = 'name' | 'email' | 'password' | 'privacy_notice_acknowledged';

/** Where the aydınlatma metni is (a page of its own, opened beside the form so nothing typed is lost). */
export const PRIVACY_NOTICE_PATH = '/aydinlatma-metni';

/**
 * /register ('Kayıt Ol'): e-mail, password, an optional name; the aydınlatma metni acknowledged (required, KVKK art.
 * 10) and campaign e-mails only by a separate, optional açık rıza (art. 5/1). The server answers alike for a new and
 * a taken e-mail (decision 0013), so the page says the registration was received and leads to the sign-in.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('register.title'));
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useRegister();
  const clear = (field: Field) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    setFormError(null);
    if (!notice) {
      setErrors({ privacy_notice_acknowledged: t('register.noticeRequired') });
      return;
    }
    setErrors({});
    register.mutate(
      {
        email: email.trim(),
        password,
        ...(name.trim() ? { name: name.trim() } : {}),
        privacy_notice_acknowledged: true,
        marketing_consent: marketing,
      },
      {
        onError: (e) => {
          const mapped = formErrorsFrom(e, [
            'name',
            'email',
            'password',
            'privacy_notice_acknowledged',
          ] as const);
          setErrors(mapped.fieldErrors);
          setFormError(
            mapped.formError ?? (Object.keys(mapped.fieldErrors).length ? null : t('register.failed')),
          );
        },
      },
    );
  };

  if (register.isSuccess)
    return (
      <AuthShell title={t('register.done')}>
        <AuthDone message={register.data.message} testId="register-done" />
        <Button asChild className="w-full">
          <Link to="/login">{t('register.goSignIn')}</Link>
        </Button>
      </AuthShell>
    );

  return (
    <AuthShell title={t('register.title')} description={t('register.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="register-form">
        <FormField id={`${id}-name`} label={t('register.name')} error={errors.name}>
          <Input
            {...fieldProps(`${id}-name`, errors.name)}
            autoComplete="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clear('name');
            }}
          />
        </FormField>
        <FormField id={`${id}-email`} label={t('register.email')} error={errors.email}>
          <Input
            {...fieldProps(`${id}-email`, errors.email)}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('email');
            }}
          />
        </FormField>
        <FormField
          id={`${id}-password`}
          label={t('register.password')}
          error={errors.password}
          hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        >
          <PasswordInput
            {...fieldProps(`${id}-password`, errors.password)}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
            showLabel={tCommon('login.showPassword')}
            hideLabel={tCommon('login.hidePassword')}
          />
        </FormField>
        <div className="space-y-1.5">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm" htmlFor={`${id}-notice`}>
            <input
              id={`${id}-notice`}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={notice}
              aria-invalid={errors.privacy_notice_acknowledged ? true : undefined}
              aria-describedby={errors.privacy_notice_acknowledged ? `${id}-notice-error` : undefined}
              onChange={(event) => {
                setNotice(event.target.checked);
                clear('privacy_notice_acknowledged');
              }}
            />
            <span>
              <Link
                to={PRIVACY_NOTICE_PATH}
                target="_blank"
                rel="noopener"
                className="font-medium text-primary underline underline-offset-4"
              >
                {t('register.noticeLink')}
              </Link>
              {t('register.noticeRest')}
            </span>
          </label>
          {errors.privacy_notice_acknowledged ? (
            <p id={`${id}-notice-error`} role="alert" className="text-xs font-medium text-down">
              {errors.privacy_notice_acknowledged}
            </p>
          ) : null}
        </div>
        <label
          className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-muted-foreground"
          htmlFor={`${id}-marketing`}
        >
          <input
            id={`${id}-marketing`}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={marketing}
            onChange={(event) => setMarketing(event.target.checked)}
          />
          <span>{t('register.marketing')}</span>
        </label>
        <FormError message={formError} />
        <Button type="submit" className="w-full" disabled={register.isPending} aria-busy={register.isPending}>
          {register.isPending ? <Spinner className="size-4 text-current" /> : null}
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        {t('register.haveAccount')}{' '}
        <Link
          to="/login"
          className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('register.signIn')}
        </Link>
      </p>
    </AuthShell>
  );
}
