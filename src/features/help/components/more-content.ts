import type { Language } from '@contract/languages';
import { shopInfo } from '@/lib/shop-info';

/*
 * What /more says, by the keys of its words in the `help` catalogue (src/locales/<language>/help.json),
 * where they can be reviewed and edited on their own, in both languages.
 */

/** The delivery areas, in groups (help:delivery.areas.<group>: a title and the list of areas). */
export const deliveryAreaGroups = ['nairobi', 'surroundings'] as const;

/** The questions, in order (help:faq.items.<key>: question and answer). */
export const faqs = ['placeOrder', 'mpesa', 'noPrompt', 'arrival', 'changeOrder', 'returns'] as const;

/** The terms of service in short (help:terms.items.<key>). */
export const termsSummary = ['prices', 'confirmation', 'receiving', 'account', 'changes'] as const;

/** The privacy notice in short (help:privacy.items.<key>). */
export const privacySummary = ['whatWeKeep', 'payments', 'sharing', 'browser', 'rights'] as const;

/** The shop's hours as the page's sentences take them, in `language`. */
export const shopHours = (language: Language) =>
  language === 'sw'
    ? shopInfo.inKiswahili
    : {
        supportHours: shopInfo.supportHours.replace('Every day', 'every day'),
        deliveryHours: shopInfo.deliveryHours.toLowerCase(),
        sameDayCutoff: shopInfo.sameDayCutoff,
      };
