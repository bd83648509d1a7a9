/*
 * The public face of server/modules/payments (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. M-Pesa prompts, their limits, callbacks and
 * settlement (also used by checkout, orders, orders-admin and the reconciler job).
 */
export { paymentsModule } from './handlers';
export { attemptWrite, openAttempt, sendPrompt, type PromptDeps } from './prompt';
export { countPrompt, limitUnpaidOrders, pendingOrdersOf, refuseUnpaid } from './prompt-limits';
export { applyQueryAnswer, settleAttempt } from './settlement';
