import { expect, type Page, type TestInfo } from '@playwright/test';
import { onMocks } from './session';

/** A text in the dev SMS outbox (GET /api/dev/sms?to=…). */
export interface DevSms {
  event: string;
  to: string;
  language: string;
  status: string;
  text: string;
}

/**
 * The dev SMS outbox's texts to `phone`, newest first: the server's, or in mock mode the MSW
 * worker's, which only answers the page's own requests.
 */
async function devSms(page: Page, testInfo: TestInfo, phone: string): Promise<DevSms[]> {
  const path = `/api/dev/sms?to=${encodeURIComponent(phone)}`;
  if (!onMocks(testInfo.project.name))
    return ((await (await page.request.get(path)).json()) as { data: DevSms[] }).data;
  return page.evaluate(async (url) => ((await (await fetch(url)).json()) as { data: DevSms[] }).data, path);
}

/** Waits until the texts to `phone` read `expected` (each `describe`'s answer, newest first); answers them. */
export async function textsTo(
  page: Page,
  testInfo: TestInfo,
  phone: string,
  describe: (sms: DevSms) => string,
  expected: string[],
): Promise<DevSms[]> {
  let texts: DevSms[] = [];
  await expect
    .poll(async () => (texts = await devSms(page, testInfo, phone)).map(describe), {
      message: `the SMS to ${phone}`,
      timeout: 20_000,
    })
    .toEqual(expected);
  return texts;
}
