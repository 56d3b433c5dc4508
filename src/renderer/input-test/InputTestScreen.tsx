/** SPEC §2 input test page (/mouse-test): the keyboard tester, the mouse tester and the recent events. */
import { Keyboard, Mouse } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../shared/i18n/en.js';
import { useInputTest } from './index.js';
import { recentEvents } from './inputTestService.js';
import { useInputTestStore, type InputEvent, type MouseInput } from './inputTestStore.js';
import { KEYBOARD_ROWS, keepsFromBrowser, keyLabel } from './keyboardLayout.js';
import './inputTest.css';

const MOUSE_LABEL: Record<MouseInput, MessageKey> = {
  left: 'inputTest.left',
  right: 'inputTest.right',
  middle: 'inputTest.middle',
  scrollUp: 'inputTest.scrollUp',
  scrollDown: 'inputTest.scrollDown',
};

function EventList({ title, events, testId }: { title: string; events: InputEvent[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="input-events" aria-label={title} data-testid={testId}>
      <h3 className="input-events__title">{title}</h3>
      {events.length === 0 ? (
        <p className="input-events__none">{t('inputTest.none')}</p>
      ) : (
        <ol className="input-events__list">
          {events.map((event) => {
            const input = event.device === 'mouse' ? t(MOUSE_LABEL[event.input as MouseInput]) : event.input;
            return (
              <li key={event.id} className={`input-events__item input-events__item--${event.kind}`}>
                {event.kind === 'scroll' ? input : t(event.kind === 'down' ? 'inputTest.down' : 'inputTest.up', { input })}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function InputTestScreen() {
  const { t } = useTranslation();
  const tester = useInputTest();
  const state = useInputTestStore();

  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (keepsFromBrowser(event.code)) event.preventDefault();
      tester.keyDown(event.code, keyLabel(event.code, event.key));
    };
    const up = (event: KeyboardEvent) => tester.keyUp(event.code, keyLabel(event.code, event.key));
    const blur = () => tester.releaseAll();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
      tester.clear();
    };
  }, [tester]);

  const keyState = (code: string) =>
    state.pressed.includes(code) ? 'pressed' : state.released.includes(code) ? 'released' : 'idle';
  const mouseState = (input: MouseInput) =>
    state.buttons.includes(input) || state.lastScroll === input ? 'pressed' : 'idle';

  return (
    <section className="input-test" aria-labelledby="input-test-title" data-testid="input-test-screen">
      <header className="input-test__header">
        <h1 className="input-test__title" id="input-test-title">
          {t('inputTest.title')}
        </h1>
        <p className="input-test__hint">{t('inputTest.hint')}</p>
        <button type="button" className="button button--ghost" onClick={() => tester.clear()}>
          {t('inputTest.clear')}
        </button>
      </header>
      <div className="input-test__body">
        <section className="input-test__panel" aria-labelledby="keyboard-title">
          <h2 className="input-test__panel-title" id="keyboard-title">
            <Keyboard size={20} aria-hidden="true" />
            {t('inputTest.keyboard')}
          </h2>
          <div className="keyboard" dir="ltr" data-testid="keyboard">
            {KEYBOARD_ROWS.map((row, index) => (
              <div className="keyboard__row" key={index}>
                {row.map((key) => (
                  <span
                    key={key.code}
                    className={`keycap keycap--${keyState(key.code)}`}
                    style={{ flexGrow: key.width ?? 1 }}
                    data-code={key.code}
                    data-state={keyState(key.code)}
                  >
                    {key.label}
                  </span>
                ))}
              </div>
            ))}
          </div>
        </section>
        <section className="input-test__panel" aria-labelledby="mouse-title">
          <h2 className="input-test__panel-title" id="mouse-title">
            <Mouse size={20} aria-hidden="true" />
            {t('inputTest.mouse')}
          </h2>
          <div
            className="mouse-pad"
            data-testid="mouse-pad"
            onMouseDown={(event) => {
              if (event.button === 1) event.preventDefault();
              tester.mouseDown(event.button);
            }}
            onMouseUp={(event) => tester.mouseUp(event.button)}
            onMouseLeave={() => tester.releaseAll()}
            onContextMenu={(event) => event.preventDefault()}
            onWheel={(event) => tester.wheel(event.deltaY)}
          >
            <span className="mouse-pad__hint">{t('inputTest.pad')}</span>
            <div className="mouse-buttons">
              {(Object.keys(MOUSE_LABEL) as MouseInput[]).map((input) => (
                <span key={input} className={`mouse-button mouse-button--${mouseState(input)}`} data-input={input} data-state={mouseState(input)}>
                  {t(MOUSE_LABEL[input])}
                </span>
              ))}
            </div>
          </div>
        </section>
      </div>
      <div className="input-test__events">
        <EventList title={t('inputTest.keyEvents')} events={state.keyEvents} testId="key-events" />
        <EventList title={t('inputTest.mouseEvents')} events={state.mouseEvents} testId="mouse-events" />
        <EventList title={t('inputTest.recent')} events={recentEvents(state)} testId="recent-events" />
      </div>
    </section>
  );
}
