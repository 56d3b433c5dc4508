/**
 * Today's "Waiting in the inbox" (issue 23): the server's figure, under a line that says what it counts (the inbox
 * badge's rule: security alerts are in neither), in English and in Arabic.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { TodayScreen } from '../../../src/console/today/TodayScreen.js';
import { TodayService } from '../../../src/console/today/todayService.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const zero = { cash: 0, card: 0 };
const today = {
  day: '2026-11-27',
  from: '2026-11-26T21:00:00.000Z',
  revenue: { sessions: 49, topUpsCash: 5000, topUpsCard: 0, orders: 0 },
  money: { topUps: { cash: 5000, card: 0 }, orders: zero, packages: zero, prepaid: zero, refunds: 0, cash: 5000, card: 0, total: 5000, prepaidRedeemed: 0 },
  play: { billed: 49, fromPaid: 49, fromFree: 0, freeTimeGiven: 0 },
  occupancy: Array.from({ length: 24 }, () => 0),
  currentHour: 19,
  stationsInUse: 4,
  stations: 8,
  openCalls: 1,
  pendingOrders: 1,
  waiting: { calls: 1, orders: 1, packageOrders: 1, claims: 0, flags: 0, lost: 0, lowTime: 0, atGate: 1, total: 4 },
};

async function shown(language: Language) {
  const t = testCore();
  t.server.on('GET /admin/console/today', today);
  const service = new TodayService(t.core.http);
  await service.load();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['today', service]])}>
        <TodayScreen />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
}

describe('Today’s “Waiting in the inbox”', () => {
  it.each([
    ['en', 'Waiting in the inbox', 'Calls, orders, package orders, reward claims, flagged accounts and PCs that need someone — not security alerts'],
    ['ar', 'بانتظار المعالجة', 'النداءات والطلبات وطلبات الباقات والمكافآت المطلوبة والحسابات المعلَّمة والأجهزة التي تحتاج أحداً — دون التنبيهات الأمنية'],
  ] as const)('shows the server’s total with what it counts (%s)', async (language, label, note) => {
    await shown(language);
    const figure = screen.getByTestId('waiting');
    expect(figure.textContent).toBe('4');
    const parts = [...figure.parentElement!.children].map((e) => e.textContent);
    expect(parts).toEqual([label, '4', note]);
  });
});
