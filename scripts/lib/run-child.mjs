// Runs a child process in the foreground of a script: the signals that would end the script are
// passed on to the child instead, and the script learns how the child ended.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A child's exit status as a shell reports it: its exit code, or 128 + the number of the signal that ended it. */
function exitStatus(code, signal) {
  if (code !== null && code !== undefined) return code;
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * Spawns `command` and resolves with its exit status (`exitStatus`) once it is gone. While it runs,
 * SIGINT, SIGTERM and SIGHUP sent to this process go to the child (which decides how to stop) rather
 * than ending this process and leaving the child behind.
 */
export function runChild(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    const forward = (signal) => child.kill(signal);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    const done = (status) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      resolve(status);
    };
    child.on('error', (err) => {
      process.stderr.write(`${command} did not start: ${err.message}\n`);
      done(1);
    });
    child.on('exit', (code, signal) => done(exitStatus(code, signal)));
  });
}
