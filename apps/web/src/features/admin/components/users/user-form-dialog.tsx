import { useState, type FormEvent } from 'react';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import {
  adminEmailSchema,
  adminNameSchema,
  adminPasswordSchema,
  type AdminRole,
  type AdminUser,
  type AdminUserUpdate,
} from '@bist/contracts';
import { ADMIN_PASSWORD_RULE_TEXT, ADMIN_ROLES, ROLE_INFO } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { useCreateAdminUser } from '@/features/admin/api/create-admin-user';
import { useUpdateAdminUser } from '@/features/admin/api/update-admin-user';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { useAdminSession } from '@/lib/admin-session';
import { validateUserForm, type UserFormErrors, type UserFormValues } from '@/features/admin/lib/user-form';
import '@/features/admin/i18n';

function fieldOf(path: string): keyof UserFormValues | null {
  const last = path.split('.').pop();
  return last === 'name' || last === 'email' || last === 'password' || last === 'role' || last === 'is_active'
    ? last
    : null;
}

/** Add/Edit staff member: name required, e-mail typed, password only when creating, default data_analyst. */
export function UserFormDialog({
  open,
  onOpenChange,
  user,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; undefined to add one. */
  user: AdminUser | undefined;
  onSaved: (user: AdminUser, created: boolean) => void;
}) {
  const { t } = useAdminTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        lang="en"
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        {/* Keyed so each opening starts from the user's current values. */}
        {open ? (
          <UserForm
            key={user?.id ?? 'new'}
            user={user}
            onCancel={() => onOpenChange(false)}
            onSaved={onSaved}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({
  user,
  onCancel,
  onSaved,
}: {
  user: AdminUser | undefined;
  onCancel: () => void;
  onSaved: (user: AdminUser, created: boolean) => void;
}) {
  const { t } = useAdminTranslation();
  const editing = user !== undefined;
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const pending = create.isPending || update.isPending;
  const [values, setValues] = useState<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'data_analyst',
    is_active: user?.is_active ?? true,
  });
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | null>(null);
  // One's own password or e-mail change needs the current password (the server refuses it otherwise).
  const { session } = useAdminSession();
  const self = editing && session?.user.id === user.id;
  const needsCurrentPassword =
    self && (values.password !== '' || values.email.trim().toLowerCase() !== user.email.toLowerCase());

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const onError = (error: unknown) => {
    if (!isApiError(error)) {
      setFormError(t('users.saveFailed'));
      return;
    }
    const next: UserFormErrors = {};
    for (const issue of error.details) {
      const field = fieldOf(issue.field);
      if (field && !next[field]) next[field] = issue.message;
    }
    const top = error.field ? fieldOf(error.field) : null;
    if (top && !next[top] && error.serverError) next[top] = error.serverError;
    setErrors(next);
    if (error.field === 'current_password') {
      setCurrentPasswordError(error.serverError ?? t('users.saveFailed'));
      setFormError(null);
      return;
    }
    // 'Failed to save user', with the server's reason when it gave one that no field shows.
    const reason = Object.keys(next).length === 0 ? error.serverError : undefined;
    setFormError(reason ? `${t('users.saveFailed')}: ${reason}` : t('users.saveFailed'));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const found = validateUserForm(values, editing, {
      name: adminNameSchema,
      email: adminEmailSchema,
      password: adminPasswordSchema,
      messages: {
        nameRequired: t('users.form.nameRequired'),
        emailRequired: t('users.form.emailRequired'),
        emailInvalid: t('users.form.emailInvalid'),
        passwordRequired: t('users.form.passwordRequired'),
      },
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (editing) {
      const body: AdminUserUpdate = {
        name: values.name.trim(),
        email: values.email.trim(),
        role: values.role,
        is_active: values.is_active,
      };
      // A blank password is left out of the payload and keeps the current one.
      if (values.password) body.password = values.password;
      if (needsCurrentPassword) body.current_password = currentPassword;
      setCurrentPasswordError(null);
      update.mutate({ id: user.id, body }, { onSuccess: (saved) => onSaved(saved, false), onError });
    } else {
      create.mutate(
        {
          name: values.name.trim(),
          email: values.email.trim(),
          password: values.password,
          role: values.role,
          is_active: values.is_active,
        },
        { onSuccess: (saved) => onSaved(saved, true), onError },
      );
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? t('users.form.editTitle') : t('users.form.addTitle')}</DialogTitle>
        <DialogDescription>
          {editing ? t('users.form.editDescription') : t('users.form.addDescription')}
        </DialogDescription>
      </DialogHeader>

      <Field id="user-name" label={t('users.form.name')} error={errors.name}>
        <Input
          id="user-name"
          value={values.name}
          autoComplete="off"
          onChange={(event) => set('name', event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'user-name-error' : undefined}
        />
      </Field>
      <Field id="user-email" label={t('users.form.email')} error={errors.email}>
        <Input
          id="user-email"
          type="email"
          value={values.email}
          autoComplete="off"
          onChange={(event) => set('email', event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'user-email-error' : undefined}
        />
      </Field>
      <Field
        id="user-password"
        label={editing ? t('users.form.passwordKeep') : t('users.form.password')}
        error={errors.password}
        hint={ADMIN_PASSWORD_RULE_TEXT}
      >
        <div className="relative">
          <Input
            id="user-password"
            type={showPassword ? 'text' : 'password'}
            value={values.password}
            autoComplete="new-password"
            className="pr-10"
            onChange={(event) => set('password', event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={
              errors.password ? 'user-password-error user-password-hint' : 'user-password-hint'
            }
          />
          <button
            type="button"
            onClick={() => setShowPassword((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
            aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={showPassword}
          >
            {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        </div>
      </Field>
      {needsCurrentPassword ? (
        <Field
          id="user-current-password"
          label={t('users.form.currentPassword')}
          error={currentPasswordError ?? undefined}
          hint={t('users.form.currentPasswordHint')}
        >
          <Input
            id="user-current-password"
            type="password"
            value={currentPassword}
            autoComplete="current-password"
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setCurrentPasswordError(null);
            }}
            aria-invalid={currentPasswordError ? true : undefined}
            aria-describedby={
              currentPasswordError
                ? 'user-current-password-error user-current-password-hint'
                : 'user-current-password-hint'
            }
          />
        </Field>
      ) : null}
      <Field
        id="user-role"
        label={t('users.form.role')}
        error={errors.role}
        hint={ROLE_INFO[values.role].description}
      >
        <Select value={values.role} onValueChange={(value) => set('role', value as AdminRole)}>
          <SelectTrigger id="user-role" aria-describedby="user-role-hint">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ADMIN_ROLES.map((role) => (
              <SelectItem key={role} value={role}>
                {t(`roles.${role}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <div className="space-y-1">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium" htmlFor="user-active">
          <input
            id="user-active"
            type="checkbox"
            className="size-4 accent-[var(--color-primary)]"
            checked={values.is_active}
            onChange={(event) => set('is_active', event.target.checked)}
          />
          {t('users.form.active')}
        </label>
        {errors.is_active ? <p className="text-sm text-destructive">{errors.is_active}</p> : null}
      </div>

      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {formError}
        </p>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Loader2 className="animate-spin" /> : null}
          {editing ? t('users.form.save') : t('users.form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
