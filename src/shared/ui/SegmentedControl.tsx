/**
 * A strip of buttons of which one is chosen (a report's period, a view): a
 * group named by its label, each option a button that says whether it is
 * pressed. A value that is none of the options leaves none pressed (chosen
 * dates instead of a preset). The look is controls.css.
 */
import type { ReactNode } from 'react';
import { Button } from './Button.js';
import './styles/controls.css';

export interface SegmentedControlProps<T extends string> {
  /** Names the group for screen readers. */
  label: string;
  value: T | null;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onValue: (value: T) => void;
  disabled?: boolean;
  testId?: string;
}

export function SegmentedControl<T extends string>({ label, value, options, onValue, disabled, testId }: SegmentedControlProps<T>) {
  return (
    <div role="group" aria-label={label} className="segmented" data-testid={testId}>
      {options.map((option) => (
        <Button
          key={option.value}
          className="segmented__option"
          aria-pressed={option.value === value}
          disabled={disabled}
          onClick={() => onValue(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
