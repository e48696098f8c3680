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

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(renderNginxConfig(process.env));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
