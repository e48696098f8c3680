import { ConfigError } from '../config/env.js';

/**
 * Runs a command's `main` and exits with its code. A bad setting, or a database this code will
 * not use (its schema behind or ahead), is told as its message; anything else with its stack.
 */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
