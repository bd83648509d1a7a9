import type { i18n as I18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { englishI18n } from '@/lib/i18n';

/**
 * Shows `children` in English whatever language the shop is in: the back office and its sign-in
 * stay English, the shared pieces they use (pager, dialogs, form fields) too. A device in Kiswahili
 * waits for the English catalogue's chunk once.
 */
export function InEnglish({ children }: { children: ReactNode }) {
  const [instance, setInstance] = useState<I18n | null>(() => {
    const ready = englishI18n();
    return ready instanceof Promise ? null : ready;
  });
  useEffect(() => {
    if (instance) return;
    let live = true;
    void Promise.resolve(englishI18n()).then((i) => live && setInstance(i));
    return () => {
      live = false;
    };
  }, [instance]);
  return instance ? <I18nextProvider i18n={instance}>{children}</I18nextProvider> : null;
}
