import type { App } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { openDatabase, type Database } from './db/database.js';

/*
 * Entry point: validate the environment, build, listen, and close cleanly on SIGINT/SIGTERM
 * (in-flight requests finish, then the database closes; PGlite must be closed or its files
 * can be left mid-write; SIGTERM first drains, see lib/graceful-stop.ts). The signal handlers go in first, so a stop during the first start's
 * migrations and the demo loading waits for them instead of killing the process halfway.
 *
 * Start-up time: the embedded database (PGlite: its WebAssembly, reading or making its cluster)
 * starts opening before the application's modules load (app.js and every feature, a second or
 * so), so the two overlap instead of adding up. PostgreSQL is opened by buildApp as before (its
 * pool reports errors to the app's log).
 */

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = configOrExit();

  let app: App | null = null;
  let stopRequested = false;

  // SIGTERM (an orchestrator, systemd, a rolling restart): drain, failing no request
  // (lib/graceful-stop.ts). SIGINT (Ctrl-C in a terminal): close at once.
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopRequested) return;
    stopRequested = true;
    // Still building: the build finishes, then closes (below).
    if (app === null) return;
    app.log.info({ signal }, signal === 'SIGTERM' ? 'draining, then shutting down' : 'shutting down');
    // A hung close must not keep a container from stopping (the drain itself ends by 25 s).
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000).unref();
    (signal === 'SIGTERM' ? app.draining.stop() : app.close()).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('error while shutting down', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  const opening: Promise<Database> | null = config.database.driver === 'pglite' ? openDatabase(config.database) : null;
  // Settled at once, so a failure surfaces below rather than as an unhandled rejection.
  opening?.catch(() => {});
  const { buildApp } = await import('./app.js').catch(async (error: unknown) => {
    await opening?.then((database) => database.close()).catch(() => {});
    throw error;
  });
  // buildApp owns the opened database from here: it closes it, also when it fails.
  app = await buildApp(config, opening ? { database: await opening } : {});
  if (stopRequested) {
    await app.close();
    process.exit(0);
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await app.close();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  // A refusal found once the database is open (a production start on the demo's database) is
  // told like a bad setting: its message, not a stack.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
