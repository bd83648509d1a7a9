// `npm run mpesa:check`: checks the M-Pesa configuration in this environment (the server's, with the
// same variables) against Daraja and the public callback URL, and says what to fix. Sends no money
// and changes nothing. Exit 0 when every check passes, 1 otherwise.
import { EnvError, parseEnv } from '../server/env';
import { checkMpesaGoLive, formatGoLiveReport } from '../server/lib/payments/go-live-check';

let env;
try {
  env = parseEnv();
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  process.stderr.write(
    `${err.message}\nFix these variables (the server refuses them too), then run the check again.\n`,
  );
  process.exit(1);
}
const report = await checkMpesaGoLive(env);
process.stdout.write(`${formatGoLiveReport(report)}\n`);
process.exit(report.ok ? 0 : 1);
