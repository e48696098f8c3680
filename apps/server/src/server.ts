import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/env.js';

/*
 * Entry point: validate the environment, build, listen, and close cleanly on SIGINT/SIGTERM
 * (in-flight requests finish, then the database closes; PGlite must be closed or its files
 * can be left mid-write). The signal handlers go in first, so a stop during the first start's
 * migrations and seed waits for them instead of killing the process halfway.
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

  const stop = (signal: string) => {
    if (stopRequested) return;
    stopRequested = true;
    // Still building: the build finishes, then closes (below).
    if (app === null) return;
    app.log.info({ signal }, 'shutting down');
    // A hung close must not keep a container from stopping.
    setTimeout(() => {
      console.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('error while shutting down', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  app = await buildApp(config);
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
  console.error(err);
  process.exit(1);
});
