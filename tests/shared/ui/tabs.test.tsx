/** The tab strip both apps use (src/shared/ui/TabStrip.tsx): one tab chosen, arrow keys in reading order (right to left in Arabic), panels named by their tab. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabStrip, tabPanelProps } from '../../../src/shared/ui/TabStrip.js';

afterEach(cleanup);

type Id = 'prices' | 'offers' | 'limits';

function Strip({ labels, start = 'prices' }: { labels: Record<Id, string>; start?: Id }) {
  const [tab, setTab] = useState<Id>(start);
  return (
    <>
      <TabStrip label="Setup" idPrefix="cat" tabs={(['prices', 'offers', 'limits'] as const).map((id) => ({ id, label: labels[id] }))} selected={tab} onSelect={setTab} />
      <div {...tabPanelProps('cat', tab)}>{labels[tab]} panel</div>
    </>
  );
}

const EN = { prices: 'Prices', offers: 'Offers', limits: 'Money limits' };
const AR = { prices: 'الأسعار', offers: 'العروض', limits: 'حدود المال' };

describe('TabStrip', () => {
  it('one tab is chosen and in the Tab order; its panel is named by it', () => {
    render(<Strip labels={EN} />);
    const chosen = screen.getByRole('tab', { name: 'Prices' });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(chosen.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Offers' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Prices' }).textContent).toBe('Prices panel');
    expect(chosen.getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
    fireEvent.click(screen.getByRole('tab', { name: 'Money limits' }));
    expect(screen.getByRole('tabpanel', { name: 'Money limits' })).toBeTruthy();
  });

  it('left to right: ArrowRight is the next tab (wrapping), ArrowLeft the previous, Home and End the ends; the focus follows', () => {
    render(<Strip labels={EN} />);
    const list = screen.getByRole('tablist', { name: 'Setup' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Offers' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Offers' }));
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Money limits' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Money limits' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).toBe('true');
  });

  it('right to left (Arabic): ArrowLeft is the next tab, ArrowRight the previous', () => {
    render(
      <div dir="rtl" lang="ar">
        <Strip labels={AR} />
      </div>,
    );
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'العروض' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'حدود المال' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'حدود المال' }));
  });

  it('the keys move from the tab that has the focus, not only from the chosen one', () => {
    render(<Strip labels={EN} start="limits" />);
    const prices = screen.getByRole('tab', { name: 'Prices' });
    prices.focus();
    fireEvent.keyDown(prices, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Offers' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Offers' }));
  });

  it('other keys are left alone', () => {
    render(<Strip labels={EN} />);
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'a' });
    expect(screen.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).toBe('true');
  });
});
