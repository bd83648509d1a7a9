import { RESULT_CODES } from './payments';

// What the M-Pesa simulator does with a prompt, chosen by the last two digits of the phone: the Daraja
// simulator of the server (server/dev) and the mock API (mocks/) play the same outcomes, and the
// README lists the same table.

/** The ResultDesc texts Daraja sends with each outcome. */
export const SIMULATOR_DESC = {
  paid: 'The service request is processed successfully.',
  cancelled: 'Request cancelled by user',
  insufficient: 'The balance is insufficient for the transaction.',
  wrongPin: 'The initiator information is invalid.',
  timeout: 'DS timeout user cannot be reached',
} as const;

export type SimulatorScenario =
  /** Paid; the callback arrives `copies` times, with the amount minus 1 when `wrongAmount`. */
  | { kind: 'paid'; copies: number; wrongAmount: boolean }
  /** The shopper or M-Pesa says no, with this ResultCode. */
  | { kind: 'failed'; code: number; desc: string }
  /** No callback ever; an STK query reports this ResultCode. */
  | { kind: 'silent'; code: number; desc: string }
  /** Waits for a person on the virtual phone. */
  | { kind: 'manual' };

/** Every listed phone ending with what it does and a line for people. */
export const SIMULATOR_OUTCOMES: Readonly<Record<string, { scenario: SimulatorScenario; summary: string }>> =
  {
    '00': {
      scenario: { kind: 'paid', copies: 1, wrongAmount: false },
      summary: 'pays (as does any ending not listed)',
    },
    '01': {
      scenario: { kind: 'failed', code: RESULT_CODES.cancelled, desc: SIMULATOR_DESC.cancelled },
      summary: 'cancelled by the shopper (1032)',
    },
    '02': {
      scenario: { kind: 'failed', code: RESULT_CODES.insufficientFunds, desc: SIMULATOR_DESC.insufficient },
      summary: 'insufficient funds (1)',
    },
    '03': {
      scenario: { kind: 'failed', code: RESULT_CODES.wrongPin, desc: SIMULATOR_DESC.wrongPin },
      summary: 'wrong PIN (2001)',
    },
    '04': {
      scenario: { kind: 'silent', code: RESULT_CODES.timeout, desc: SIMULATOR_DESC.timeout },
      summary: 'no callback ever; STK query says 1037',
    },
    '05': {
      scenario: { kind: 'paid', copies: 3, wrongAmount: false },
      summary: 'pays; the callback arrives three times at once',
    },
    '06': {
      scenario: { kind: 'paid', copies: 1, wrongAmount: true },
      summary: 'pays, but the callback reports amount − 1',
    },
    '09': { scenario: { kind: 'manual' }, summary: 'waits for a person on /api/dev/phone' },
  };

/** What the simulator does with a prompt to this phone (any form; only the last two digits count). */
export const simulatorScenario = (phone: string): SimulatorScenario =>
  (SIMULATOR_OUTCOMES[phone.slice(-2)] ?? SIMULATOR_OUTCOMES['00']!).scenario;
