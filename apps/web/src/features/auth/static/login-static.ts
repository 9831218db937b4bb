// The script of the prerendered sign-in page (dist/login.html, served for a direct visit to /login): the page
// paints from HTML and CSS alone and this small module, with no React, does what LoginPage does — the password's
// show/hide, the demo note from /health, the sign-in with the server's field errors (features/auth/sign-in.ts holds
// the logic both share) — then opens the dashboard with a normal page load. Inside the app, /login stays the React
// page. An investor who chose English gets the app itself (it renders the English page over this one). A signed-in
// visitor never sees this page: theme-init.mjs sends them to /dashboard before it paints.
import type { AuthResponse } from '@bist/contracts';
import { rememberDemoMode, safePath, signInFailure } from '@/features/auth/sign-in';
import type { CredentialErrors } from '@/lib/credential-errors';
import { investorSession } from '@/lib/investor-session';
import { flushProductEvents, trackEvent } from '@/lib/product-events';
import { requestJson, type ApiRealm } from '@/lib/request-json';
import { loadApp } from '@/lib/load-app';
import { reportPageView, wireThemeToggle } from '@/lib/static-page';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

const FIELDS = ['email', 'password'] as const;

/** The form's words (LoginPage writes them as data-* attributes) as the realm's messages. */
function staticRealm(form: HTMLFormElement): ApiRealm {
  const words = form.dataset;
  return {
    token: () => null,
    message(kind) {
      if (kind === 'network') return words.network ?? '';
      if (kind === 'unavailable') return words.unavailable ?? '';
      return words.unexpected ?? '';
    },
    onUnauthorized: () => undefined,
  };
}

function input(form: HTMLFormElement, name: (typeof FIELDS)[number]): HTMLInputElement {
  const element = form.elements.namedItem(name);
  if (!(element instanceof HTMLInputElement)) throw new Error(`the sign-in form has no ${name} field`);
  return element;
}

/** One field's error under it, as CredentialFields renders it (aria-invalid, described by the message). */
function showFieldError(field: HTMLInputElement, message: string | undefined): void {
  const id = `${field.id}-error`;
  document.getElementById(id)?.remove();
  if (!message) {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
    return;
  }
  const text = document.createElement('p');
  text.id = id;
  text.className = 'text-sm text-destructive';
  text.textContent = message;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', id);
  // The password field sits in a wrapper with its show/hide button; the message goes after the wrapper.
  (field.parentElement?.querySelector('[data-password-toggle]') ? field.parentElement : field).after(text);
}

/** The sign-in's own failure above the button, as CredentialFields renders it. */
function showFormError(form: HTMLFormElement, message: string | null): void {
  form.querySelector('[data-form-error]')?.remove();
  if (!message) return;
  const text = document.createElement('p');
  text.setAttribute('role', 'alert');
  text.dataset.formError = '';
  text.className =
    'rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive';
  text.textContent = message;
  form.querySelector('button[type="submit"]')?.before(text);
}

function showErrors(form: HTMLFormElement, errors: CredentialErrors): void {
  for (const name of FIELDS) showFieldError(input(form, name), errors[name]);
}

function setPending(button: HTMLButtonElement, pending: boolean): void {
  button.disabled = pending;
  button.setAttribute('aria-busy', String(pending));
  button.dataset.label ??= button.textContent ?? '';
  button.textContent = pending ? (button.dataset.submitting ?? '') : button.dataset.label;
}

function wirePasswordToggle(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-password-toggle]')) {
    const field = button.parentElement?.querySelector('input');
    if (!field) continue;
    button.addEventListener('click', () => {
      const visible = field.type === 'password';
      field.type = visible ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(visible));
      button.setAttribute(
        'aria-label',
        (visible ? button.dataset.hideLabel : button.dataset.showLabel) ?? '',
      );
    });
  }
}

async function showDemoNote(): Promise<void> {
  const note = document.querySelector<HTMLElement>('[data-testid="demo-note"]');
  try {
    const response = await fetch('/health', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { demoMode?: unknown };
    if (typeof body.demoMode !== 'boolean') return;
    rememberDemoMode(body.demoMode);
    if (note) note.hidden = !body.demoMode;
  } catch {
    // No answer: the form still works, and in demo mode a remembered flag allows the offline sign-in.
  }
}

function wireForm(form: HTMLFormElement): void {
  const realm = staticRealm(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  for (const name of FIELDS) {
    input(form, name).addEventListener('input', (event) =>
      showFieldError(event.currentTarget as HTMLInputElement, undefined),
    );
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const email = input(form, 'email').value;
    const password = input(form, 'password').value;
    showErrors(form, {});
    showFormError(form, null);
    setPending(button, true);
    void requestJson<AuthResponse>(realm, '/api/auth/login', {
      method: 'POST',
      body: { email: email.trim(), password },
      handleUnauthorized: false,
    }).then(
      (response) => {
        investorSession.persist({ token: response.token, user: response.user });
        trackEvent('login');
        flushProductEvents();
        location.replace(safePath(response.redirect) ?? '/dashboard');
      },
      (error: unknown) => {
        const failure = signInFailure(
          error,
          { email, password, now: Date.now() },
          {
            invalidCredentials: form.dataset.invalidCredentials ?? '',
            failed: form.dataset.failed ?? '',
          },
        );
        if (failure.kind === 'offline') {
          investorSession.persist(failure.session);
          location.replace('/dashboard');
          return;
        }
        setPending(button, false);
        showErrors(form, failure.fieldErrors);
        showFormError(form, failure.formError);
        const first = FIELDS.find((name) => failure.fieldErrors[name]);
        if (first) input(form, first).focus();
      },
    );
  });
}

if (readStorage(STORAGE_KEYS.language) === 'en') {
  loadApp();
} else {
  const form = document.querySelector<HTMLFormElement>('form[data-login-form]');
  wireThemeToggle();
  wirePasswordToggle();
  if (form) wireForm(form);
  void showDemoNote();
  reportPageView('/login');
}
