import { HStack, Input } from '@chakra-ui/react';
import { OTP_LENGTH } from '@contract/auth';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';

export interface CodeInputProps {
  /** Called once all boxes hold a digit (the last typed or pasted one completes the code). */
  onComplete(code: string): void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** The accessible name of the group of boxes. */
  label?: string;
  /** An element that explains the code (its id), read out with every box. */
  describedBy?: string;
  autoFocus?: boolean;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * The one-time code as six boxes: typing moves on, Backspace moves back, pasting (or a phone's
 * autofill) fills every box, and the last digit submits, once. Remount it (a new `key`) to clear it.
 */
export function CodeInput({
  onComplete,
  length = OTP_LENGTH,
  disabled,
  invalid,
  label,
  describedBy,
  autoFocus = true,
}: CodeInputProps) {
  const { t } = useTranslation('auth');
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // The code goes out once per set of boxes; a key pressed after the last digit changes nothing.
  const submitted = useRef(false);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  // Focused before the boxes are painted, so the first digit typed as the page appears lands here.
  useLayoutEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);

  const commit = (next: string[], focusAt: number) => {
    if (submitted.current) return;
    setDigits(next);
    focusBox(focusAt);
    if (next.every(Boolean)) {
      submitted.current = true;
      onComplete(next.join(''));
    }
  };

  /**
   * Spreads digits over the boxes: from the first box when they make a whole code, from the first
   * empty box when `from` is -1.
   */
  const fill = (from: number, text: string) => {
    const incoming = onlyDigits(text).slice(0, length);
    if (!incoming) return;
    const firstEmpty = digits.indexOf('');
    const start = incoming.length === length ? 0 : from >= 0 ? from : firstEmpty;
    if (start < 0) return;
    const next = [...digits];
    [...incoming].forEach((d, k) => {
      if (start + k < length) next[start + k] = d;
    });
    commit(next, Math.min(length - 1, start + incoming.length));
  };

  // Digits typed while nothing has the focus (it was lost to the page) still go into the boxes.
  const typedIdle = useEffectEvent((digit: string) => fill(-1, digit));
  useEffect(() => {
    if (!autoFocus) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const idle = !target || target === document.body || target === document.documentElement;
      if (!idle || event.ctrlKey || event.metaKey || event.altKey || !/^\d$/.test(event.key)) return;
      event.preventDefault();
      typedIdle(event.key);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [autoFocus]);

  const onChange = (index: number, value: string) => {
    const typed = onlyDigits(value);
    if (value === '') {
      setDigits(digits.map((d, i) => (i === index ? '' : d)));
      return;
    }
    if (!typed) return; // a letter: the box keeps what it had
    if (typed.length === 1 || (typed.length === 2 && digits[index])) {
      // One new digit; with the old one still in the box, keep the one just typed.
      const old = digits[index];
      const digit = typed.length === 1 ? typed : typed.startsWith(old!) ? typed[1]! : typed[0]!;
      commit(
        digits.map((d, i) => (i === index ? digit : d)),
        index + 1,
      );
      return;
    }
    fill(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (digits[index]) {
          setDigits(digits.map((d, i) => (i === index ? '' : d)));
        } else if (index > 0) {
          setDigits(digits.map((d, i) => (i === index - 1 ? '' : d)));
          focusBox(index - 1);
        }
        break;
      case 'Delete':
        event.preventDefault();
        setDigits(digits.map((d, i) => (i === index ? '' : d)));
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text/plain') || event.clipboardData.getData('text'));
  };

  return (
    <HStack role="group" aria-label={label ?? t('code.label')} gap={{ base: '2', sm: '3' }} justify="center">
      {digits.map((digit, index) => (
        <Input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={digit}
          onChange={(e) => onChange(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.target.select()}
          aria-label={t('code.digit', { position: index + 1, length })}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          enterKeyHint={index === length - 1 ? 'done' : 'next'}
          w={{ base: '11', sm: '12' }}
          h={{ base: '12', sm: '14' }}
          px="0"
          textAlign="center"
          fontSize="2xl"
          fontWeight="semibold"
          bg="bg"
          colorPalette="primary"
        />
      ))}
    </HStack>
  );
}
