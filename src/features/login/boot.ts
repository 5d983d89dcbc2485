/**
 * The member (/user/login) and broadcaster (/broadcast/login) login pages, in plain DOM: the first
 * page most visitors open loads no React, no app shell, no Dexie (the first-load budget allows it
 * 60 KiB of JS; see scripts/bundle-budget.ts). A member goes back to the hash route in `redirect` (Discover by
 * default); a broadcaster to her workspace. A locked member account may be unlocked with a code
 * sent to his phone.
 */
import { AccountPages, EMAIL_MAX_LENGTH } from '../../../protocol/account/pages';
import { PASSWORD_MAX_LENGTH, UNLOCK_CODE_LENGTH, USERID_MAX_LENGTH } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import { Api, Pages } from '../../../protocol/paths';
import type { LoginData, Role } from '../../../protocol/types';
import { ApiError, createApiClient } from '../../api/client';
import { afterLoginHref, BROADCASTER_HOME, safeRedirect } from '../../app/session/guard';
import './login.css';

const COPY: Record<
  Role,
  { title: string; lead: string; switchText: string; switchLink: string; switchHref: string }
> = {
  man: {
    title: 'Member sign in',
    lead: 'Welcome back. Your broadcasters are waiting.',
    switchText: 'Are you a broadcaster?',
    switchLink: 'Broadcaster sign in',
    switchHref: Pages.anchorLogin,
  },
  lady: {
    title: 'Broadcaster sign in',
    lead: 'Sign in to your broadcaster workspace.',
    switchText: 'Are you a member?',
    switchLink: 'Member sign in',
    switchHref: Pages.memberLogin,
  },
};

// No session yet: a login timeout cannot happen and a token is not kept here.
const { call } = createApiClient({
  fetch: (input, init) => fetch(input, init),
  onMaintenance: () => window.location.assign(Pages.maintenance),
  onLoginTimeout: () => {},
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Attrs = Record<string, string | number | boolean | undefined>;

/** An element with attributes (false/undefined leave one out) and children. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...children);
  return el;
}

let nextId = 0;
const uid = (what: string) => `login-${what}-${++nextId}`;

/** The panel under the form when too many failed attempts locked the account. */
function unlockPanel(userid: string, onUnlocked: (msg: string) => void): HTMLElement {
  const titleId = uid('unlock');
  const error = h('div', { class: 'login-error', role: 'alert', 'aria-live': 'assertive' });
  const sendButton = h(
    'button',
    { type: 'button', class: 'btn btn-primary btn-block' },
    'Text me an unlock code',
  );
  const ask = h(
    'p',
    {},
    'If this is your account and it has a verified phone, we can text you a code to unlock it now.',
  );
  const panel = h(
    'section',
    { class: 'unlock-panel', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, 'Unlock your account'),
    ask,
    sendButton,
    error,
  );

  const run = async (button: HTMLButtonElement, busyText: string, work: () => Promise<void>) => {
    const idle = button.textContent ?? '';
    error.textContent = '';
    button.disabled = true;
    button.textContent = busyText;
    try {
      await work();
    } catch (failure) {
      error.textContent = errorText(failure);
    } finally {
      button.disabled = false;
      button.textContent = idle;
    }
  };

  sendButton.addEventListener('click', () =>
    run(sendButton, 'Sending…', async () => {
      const { msg } = await call<{ result: 1; msg: string }>(Api.sendUnlockCode, { userid });
      const code = h('input', {
        name: 'unlock-code',
        inputmode: 'numeric',
        autocomplete: 'one-time-code',
        pattern: `\\d{${UNLOCK_CODE_LENGTH}}`,
        maxlength: UNLOCK_CODE_LENGTH,
        required: true,
      });
      const unlockButton = h('button', { type: 'submit', class: 'btn btn-primary btn-block' }, 'Unlock');
      const form = h(
        'form',
        {},
        h('p', { role: 'status' }, msg),
        h('label', { class: 'field' }, h('span', {}, 'Unlock code'), code),
        unlockButton,
      );
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        void run(unlockButton, 'Unlocking…', async () => {
          const answer = await call<{ result: 1; msg: string }>(Api.unlockAccount, {
            userid,
            code: code.value.trim(),
          });
          onUnlocked(answer.msg);
        });
      });
      ask.remove();
      sendButton.replaceWith(form);
    }),
  );
  return panel;
}

export function bootLogin(root: HTMLElement, role: Role) {
  const copy = COPY[role];
  document.title = `${copy.title} · Glimmer`;
  const errorId = uid('error');

  // A member may type his email instead of his id.
  const userid = h('input', {
    name: 'userid',
    autocomplete: 'username',
    autocapitalize: role === 'man' ? 'none' : 'characters',
    spellcheck: 'false',
    required: true,
    maxlength: role === 'man' ? EMAIL_MAX_LENGTH : USERID_MAX_LENGTH,
  });
  const password = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
    maxlength: PASSWORD_MAX_LENGTH,
  });
  const error = h('div', { id: errorId, class: 'login-error', role: 'alert', 'aria-live': 'assertive' });
  const notice = h('p', { class: 'login-notice', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-block' }, 'Sign in');
  const form = h(
    'form',
    { 'aria-describedby': errorId },
    h('label', { class: 'field' }, h('span', {}, role === 'man' ? 'User ID or email' : 'User ID'), userid),
    h('label', { class: 'field' }, h('span', {}, 'Password'), password),
    error,
    submit,
  );
  const card = h(
    'main',
    { class: 'login-card', 'aria-labelledby': 'login-title' },
    h(
      'a',
      { href: '/', class: 'login-brand' },
      h('img', { src: '/favicon.svg', alt: '', width: 44, height: 44 }),
      h('span', {}, 'Glimmer'),
    ),
    h('h1', { id: 'login-title' }, copy.title),
    h('p', { class: 'login-lead' }, copy.lead),
    form,
    ...(role === 'man'
      ? [
          h(
            'p',
            { class: 'login-switch' },
            h('a', { href: `/#${AccountPages.forgotPassword}` }, 'Forgot password?'),
          ),
          h(
            'p',
            { class: 'login-switch' },
            'New to Glimmer? ',
            h('a', { href: AccountPages.signup }, 'Create an account'),
          ),
        ]
      : []),
    h(
      'p',
      { class: 'login-switch' },
      `${copy.switchText} `,
      h('a', { href: copy.switchHref }, copy.switchLink),
    ),
  );
  let panel: HTMLElement | undefined;

  const showError = (text: string) => {
    error.textContent = text;
    for (const input of [userid, password]) {
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  };
  const showNotice = (text: string) => {
    notice.textContent = text;
    if (text) submit.before(notice);
    else notice.remove();
  };
  const closePanel = () => {
    panel?.remove();
    panel = undefined;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError('');
    showNotice('');
    closePanel();
    submit.disabled = true;
    submit.textContent = 'Signing in…';
    const id = userid.value.trim();
    try {
      await call<LoginData>(role === 'man' ? Api.memberLogin : Api.anchorLogin, {
        userid: id,
        password: password.value,
      });
      // A new account on this device: nothing cached from the previous one may show.
      await (await import('../../db/cache')).clearProfile();
      const back =
        role === 'man'
          ? safeRedirect(new URLSearchParams(window.location.search).get('redirect'))
          : BROADCASTER_HOME;
      window.location.assign(afterLoginHref(back));
    } catch (failure) {
      showError(errorText(failure));
      if (role === 'man' && failure instanceof ApiError && failure.errno === Errno.ACCOUNT_LOCKED) {
        panel = unlockPanel(id, (msg) => {
          closePanel();
          showError('');
          showNotice(msg);
        });
        form.after(panel);
      }
      submit.disabled = false;
      submit.textContent = 'Sign in';
    }
  });

  root.replaceChildren(h('div', { class: 'login-screen' }, card));
  userid.focus();
}
