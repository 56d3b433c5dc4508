/**
 * Security alerts reach staff (issue 22): a `securityAlert` pushed on /staff goes into the inbox (with the chime;
 * not in the waiting count, which Today shows too and cannot know this console's alerts — issue 23) and up as a toast over every screen; the toast goes by itself or when dismissed, the alert stays in
 * the inbox until someone marks it seen. Both languages.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_TOAST_MS } from '../../../src/console/inbox/inboxService.js';
import { SecurityItems, SecurityToast } from '../../../src/console/inbox/SecurityToast.js';
import { createConsoleApp } from '../../../src/console/app/features.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n } from '../../../src/console/i18n/index.js';
import { testCore } from '../support/fakes.js';

const alert = { kind: 'second_factor_locked' as const, username: 'owner', message: '5 wrong two-step codes in a row for owner', at: '2026-11-27T12:00:00Z' };

function started() {
  const { core, page, socket } = testCore();
  const app = createConsoleApp(core);
  const inbox = app.features.inbox.service;
  void inbox.start();
  return { app, inbox, page, socket };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('security alerts', () => {
  it('is listed in the inbox and chimes (not counted as waiting: Today could not count it); the toast goes after a while, the alert stays until seen', () => {
    vi.useFakeTimers();
    const { inbox, page, socket } = started();
    socket.emit('securityAlert', alert);
    expect(inbox.store.getState().security.map((a) => a.username)).toEqual(['owner']);
    expect(inbox.store.getState().toast?.username).toBe('owner');
    expect(page.waiting.at(-1)).toBe(0);
    expect(page.chimes).toBe(1);
    // The same alert again (a re-delivery) is one item, not two.
    socket.emit('securityAlert', alert);
    expect(inbox.store.getState().security).toHaveLength(1);
    vi.advanceTimersByTime(SECURITY_TOAST_MS);
    expect(inbox.store.getState().toast).toBeNull();
    expect(inbox.store.getState().security).toHaveLength(1);
    inbox.seenSecurity(inbox.store.getState().security[0]?.key ?? '');
    expect(inbox.store.getState().security).toEqual([]);
    expect(page.waiting.at(-1)).toBe(0);
  });

  it.each([
    ['en', 'Two-step sign-in of owner is locked', 'Security alert'],
    ['ar', 'قُفل التحقق بخطوتين للحساب owner', 'تنبيه أمني'],
  ] as const)('shows the toast and the inbox row in %s; dismiss keeps the row', async (language, headline, title) => {
    const i18n = await createConsoleI18n(language);
    const { app, socket } = started();
    const opened = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <FeaturesContext.Provider value={app.services}>
          <SecurityToast onOpen={opened} />
          <ul>
            <SecurityItems />
          </ul>
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => socket.emit('securityAlert', alert));
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain(title);
    expect(toast.textContent).toContain(headline);
    expect(document.querySelector('[data-security="owner"]')?.textContent).toContain(headline);
    act(() => toast.querySelector<HTMLButtonElement>('button.button--primary')?.click());
    expect(opened).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-security="owner"]')).not.toBeNull();
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });
});
