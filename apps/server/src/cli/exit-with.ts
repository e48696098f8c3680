import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/env.js';

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

/**
 * Runs a command that takes one folder (`npm run backup -- <folder>`) with the server's settings
 * from the environment; without the folder, says how it is used.
 */
export function exitWithFolderCommand(usage: string, main: (dir: string, config: Config) => Promise<number>): void {
  exitWith(async () => {
    const [dir] = process.argv.slice(2);
    if (dir === undefined) {
      console.error(`usage: ${usage}`);
      return 2;
    }
    return main(path.resolve(dir), loadConfig());
  });
}
