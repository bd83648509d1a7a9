import { renderWithProviders } from '@/test/render-app';
import { fireEvent, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input';

const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
const values = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join('');

function setup() {
  const onComplete = vi.fn();
  const view = renderWithProviders(<CodeInput onComplete={onComplete} />);
  return { ...view, onComplete };
}

describe('CodeInput', () => {
  it('has six labelled boxes in a named group, with a numeric keyboard and one-time-code autofill', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    for (const box of boxes()) {
      expect(box).toHaveAttribute('inputmode', 'numeric');
      expect(box).toHaveAttribute('pattern', '[0-9]*');
    }
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[0]).toHaveFocus();
  });

  it('moves on as digits are typed, ignores letters and submits on the last digit', async () => {
    const { user, onComplete } = setup();
    await user.keyboard('12a3');
    expect(values()).toBe('123');
    expect(screen.getByRole('textbox', { name: 'Digit 4 of 6' })).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();

    await user.keyboard('45');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it.each([
    ['Digit 3 of 6', 'Your code: 482 913'],
    ['Digit 6 of 6', '482913'],
  ])('fills every box from a code pasted into %s, and submits it', async (box, pasted) => {
    const { user, onComplete } = setup();
    await user.click(screen.getByRole('textbox', { name: box }));
    await user.paste(pasted);
    expect(values()).toBe('482913');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913');
  });

  it('moves back with Backspace, clearing the box before', async () => {
    const { user, onComplete } = setup();
    await user.keyboard('123');
    expect(screen.getByRole('textbox', { name: 'Digit 4 of 6' })).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1');
    expect(screen.getByRole('textbox', { name: 'Digit 2 of 6' })).toHaveFocus();

    await user.keyboard('98765');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('198765');
  });

  it('replaces a digit typed over and clears a box with Backspace where it stands', async () => {
    const { user } = setup();
    await user.keyboard('1234');
    await user.click(screen.getByRole('textbox', { name: 'Digit 2 of 6' }));
    await user.keyboard('7');
    expect(values()).toBe('1734');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['1', '7', '', '4', '', '']);
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toHaveFocus();
  });

  it('has the first box focused by the time the boxes are shown, before any later effect runs', () => {
    // Whatever renders after the boxes sees where the focus is in the same commit: a shopper who
    // starts typing the moment the page appears types into the first box.
    let focusedWhenShown: Element | null = null;
    function SeesFocus() {
      useLayoutEffect(() => {
        focusedWhenShown = document.activeElement;
      }, []);
      return null;
    }
    renderWithProviders(
      <>
        <CodeInput onComplete={vi.fn()} />
        <SeesFocus />
      </>,
    );
    expect(focusedWhenShown).toBe(boxes()[0]);
  });

  it('still takes digits typed while the page had the focus, and submits the whole code', async () => {
    const { user, onComplete } = setup();
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('48');
    expect(values()).toBe('48');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 6' })).toHaveFocus();
    await user.keyboard('2913');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913');
  });

  it('submits once, whatever is typed after the last digit', async () => {
    const { user, onComplete } = setup();
    await user.keyboard('1234567');
    await user.paste('654321');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it("takes the phone's one-time-code autofill, which sets the whole code in the first box at once", () => {
    const { onComplete } = setup();
    fireEvent.change(boxes()[0]!, { target: { value: '482913' } });
    expect(values()).toBe('482913');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913');
  });
});
