import { startTransition, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toaster';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { KVKK_ERASURE_CONFIRM_WORD } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { fieldProps, FormField, FormError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { formErrorsFrom } from '@/lib/server-errors';
import { useSession } from '@/lib/session';
import { useEraseAccount } from '@/features/privacy/api/erase-account';
import { useExportMyData } from '@/features/privacy/api/export-my-data';
import { isErasureConfirmed } from '@/features/privacy/lib/confirm-word';
import { ERASURE_DONE_PATH, rememberErasure } from './erasure-done-page';
import '@/features/privacy/i18n';

/** 'Kişisel Verilerim (KVKK)' on the account page: download everything stored, or erase the account. */
export function PrivacySection() {
  const { t } = useTranslation('privacy');
  const exporter = useExportMyData();
  const [erasing, setErasing] = useState(false);

  const download = () =>
    exporter.mutate(undefined, {
      onSuccess: ({ fileName }) => toast.success(t('export.done', { fileName })),
      onError: () => toast.error(t('export.failed')),
    });

  return (
    <Card data-testid="privacy-section">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('title')}
        </CardTitle>
        <CardDescription>{t('intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section className="flex flex-col gap-3 rounded-lg border p-4">
          <h3 className="font-medium">{t('export.title')}</h3>
          <p className="flex-1 text-sm text-muted-foreground">{t('export.text')}</p>
          <Button variant="outline" className="self-start" onClick={download} disabled={exporter.isPending}>
            {exporter.isPending ? <Spinner className="size-4 text-current" /> : <Download />}
            {t('export.button')}
          </Button>
        </section>
        <section className="flex flex-col gap-3 rounded-lg border border-down/40 p-4">
          <h3 className="font-medium text-down">{t('erase.title')}</h3>
          <p className="flex-1 text-sm text-muted-foreground">{t('erase.text')}</p>
          <Button variant="destructive" className="self-start" onClick={() => setErasing(true)}>
            <Trash2 />
            {t('erase.button')}
          </Button>
        </section>
      </CardContent>
      <Dialog open={erasing} onOpenChange={setErasing}>
        <DialogContent closeLabel={t('erase.close')}>
          {erasing ? <EraseForm onCancel={() => setErasing(false)} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

type EraseField = 'password' | 'confirm';

function EraseForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('privacy');
  const id = useId();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const [errors, setErrors] = useState<Partial<Record<EraseField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const erase = useEraseAccount();
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirmWord = KVKK_ERASURE_CONFIRM_WORD;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<EraseField, string>> = {};
    if (!password) found.password = t('erase.passwordRequired');
    if (!isErasureConfirmed(word)) found.confirm = t('erase.confirmWordError', { word: confirmWord });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    erase.mutate(password, {
      onSuccess: ({ reference, retained }) => {
        // The server has ended every session of the account. Leaving for the confirmation (its reference, what the
        // law keeps and why) and clearing the session render together (one transition, as the router's own update
        // is), so this page's guard (no session → /login) does not redirect in between.
        const erasure = { reference, retained };
        rememberErasure(erasure);
        startTransition(() => {
          void navigate(ERASURE_DONE_PATH, { replace: true, state: { erasure } });
          signOut();
        });
        queryClient.clear();
      },
      onError: (e) => {
        const mapped = formErrorsFrom(e, ['password'] as const);
        setErrors(mapped.fieldErrors);
        setFormError(mapped.formError);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="erase-form">
      <DialogHeader>
        <DialogTitle>{t('erase.dialogTitle')}</DialogTitle>
        <DialogDescription>{t('erase.dialogText', { word: confirmWord })}</DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-password`} label={t('erase.password')} error={errors.password}>
        <PasswordInput
          {...fieldProps(`${id}-password`, errors.password)}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          disabled={erase.isPending}
          showLabel={t('showPassword')}
          hideLabel={t('hidePassword')}
        />
      </FormField>
      <FormField
        id={`${id}-confirm`}
        label={t('erase.confirmWord', { word: confirmWord })}
        error={errors.confirm}
      >
        <Input
          {...fieldProps(`${id}-confirm`, errors.confirm)}
          autoComplete="off"
          value={word}
          onChange={(event) => {
            setWord(event.target.value);
            setErrors((e) => ({ ...e, confirm: undefined }));
          }}
          disabled={erase.isPending}
        />
      </FormField>
      <FormError message={formError} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={erase.isPending}>
          {t('erase.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={erase.isPending}>
          {erase.isPending ? <Spinner className="size-4 text-current" /> : null}
          {t('erase.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
