import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SplashController, type SplashView } from '../../../src/renderer/splash/splashController.js';

function setup(options: { startupCompleted?: boolean } = {}) {
  let startupCompleted = options.startupCompleted ?? false;
  let onCompleted: (() => void) | null = null;
  const sendStartUp = vi.fn();
  const markReady = vi.fn();
  const navigate = vi.fn();
  const views: SplashView[] = [];
  const controller = new SplashController({
    sendStartUp,
    isStartupCompleted: () => startupCompleted,
    onStartupCompleted: (listener) => {
      onCompleted = listener;
      return () => {
        onCompleted = null;
      };
    },
    markReady,
    navigate,
    render: (view) => views.push(view),
    firstMessageIndex: 0,
  });
  controller.start();
  const completeStartup = () => {
    startupCompleted = true;
    onCompleted?.();
  };
  return { controller, sendStartUp, markReady, navigate, completeStartup };
}

describe('splash timing (SPEC §2, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fills by 2 every 50 ms and sends StartUp exactly once at 100 (2500 ms)', () => {
    const { controller, sendStartUp } = setup();
    expect(controller.state.progress).toBe(0);
    vi.advanceTimersByTime(49);
    expect(controller.state.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(controller.state.progress).toBe(2);
    vi.advanceTimersByTime(2450);
    expect(controller.state.progress).toBe(100);
    expect(sendStartUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(controller.state.progress).toBe(100);
    expect(sendStartUp).toHaveBeenCalledTimes(1);
  });

  it('does not send StartUp before 100', () => {
    const { controller, sendStartUp } = setup();
    vi.advanceTimersByTime(2450);
    expect(controller.state.progress).toBe(98);
    expect(sendStartUp).not.toHaveBeenCalled();
  });

  it('rotates the loading message every 2200 ms through the 15 phrases', () => {
    const { controller } = setup();
    vi.advanceTimersByTime(2199);
    expect(controller.state.messageIndex).toBe(0);
    vi.advanceTimersByTime(1);
    expect(controller.state.messageIndex).toBe(1);
    vi.advanceTimersByTime(2200 * 14);
    expect(controller.state.messageIndex).toBe(0);
  });

  it('when at 100 and the shell completed startup: ready, then navigates 1000 ms later (not before)', () => {
    const { markReady, navigate, completeStartup } = setup();
    vi.advanceTimersByTime(2500);
    expect(markReady).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(markReady).not.toHaveBeenCalled();
    completeStartup();
    expect(markReady).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('waits for 100 when the shell completed startup early', () => {
    const { markReady, navigate } = setup({ startupCompleted: true });
    vi.advanceTimersByTime(2450);
    expect(markReady).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(markReady).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('stops cleanly: no navigation after stop', () => {
    const { controller, navigate } = setup({ startupCompleted: true });
    vi.advanceTimersByTime(2600);
    controller.stop();
    vi.advanceTimersByTime(5_000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
