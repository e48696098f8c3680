#!/usr/bin/env node
// Renders school.conf.template: every ${SCHOOL_*} from the environment, nothing else (nginx's
// own $variables stay). Fails naming any setting that is missing. Usage:
//   SCHOOL_SERVER_NAMES=... node deploy/nginx/render.mjs > /etc/nginx/conf.d/school.conf
import { readFileSync } from 'node:fs';

const template = readFileSync(new URL('./school.conf.template', import.meta.url), 'utf8');

/** The template with each `${SCHOOL_*}` replaced by `settings`' value; throws naming the missing ones. */
export function renderNginxConfig(settings) {
  const missing = new Set();
  const text = template.replace(/\$\{(SCHOOL_[A-Z_]+)\}/g, (_, name) => {
    const value = settings[name];
    if (value === undefined || value === '') missing.add(name);
    return value ?? '';
  });
  if (missing.size > 0) throw new Error(`missing settings for the nginx configuration: ${[...missing].join(', ')}`);
  return text;
}

/**
 * A whole nginx.conf that keeps everything (pid, logs, temporary files) in `dir` and includes
 * `site`: how the tests and the fault bench run nginx without root, beside Debian's own.
 */
export function nginxMainConfig(dir, site, { accessLog = false } = {}) {
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  access_log ${accessLog ? `${dir}/access.log` : 'off'};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    `  include ${site};`,
    '}',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(renderNginxConfig(process.env));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
