import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import type { Plugin } from 'vite';

/*
 * The code each route's first screen needs, by language (decision 031): the app's first files,
 * its texts, the screen's chunk with everything it imports, and the texts its route loads beside it. The
 * first chunk no longer carries a list of each lazy chunk's imports (the browser finds them in
 * the chunks themselves), so a page the server renders names its screen's files instead, for the
 * browser to fetch at once, in parallel, when the code starts. The server reads this file; the
 * bundle bench counts from it too.
 */

/** Where the build writes it, beside Vite's manifest (dot-files are never served). */
export const screenFilesPath = '.vite/screens.json';

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;
type Language = 'cn' | 'en';
/** Route name → language → files (from the build's root: `assets/…js`), the entry's own first. */
export type ScreenFiles = Record<string, Record<Language, string[]>>;

const languages: readonly Language[] = ['cn', 'en'];

/** A source path (`src/…` without extension) as the manifest names it. */
function manifestKey(manifest: Manifest, source: string): string {
  const key = ['.tsx', '.ts'].map((ext) => source + ext).find((k) => manifest[k]);
  if (!key) throw new Error(`screen-files: the manifest has no chunk for ${source}`);
  return key;
}

/** A chunk and what it imports, recursively: what the browser fetches before running it. */
function withImports(manifest: Manifest, key: string, keys = new Set<string>()): Set<string> {
  if (keys.has(key)) return keys;
  keys.add(key);
  for (const imported of manifest[key]?.imports ?? []) withImports(manifest, imported, keys);
  return keys;
}

/** Each message loader of the registry (app/messages/registry/screen-messages.ts) → language → source. */
function messageSources(registry: string): Map<string, Record<Language, string>> {
  const loaders = new Map<string, Record<Language, string>>();
  const loader = /export const (\w+): MessageLoader[^;]*?import\('([^']*)cn'\)[^;]*?import\('([^']*)en'\)/gs;
  for (const [, name, cn, en] of registry.matchAll(loader)) {
    const from = (path: string, language: Language) => posix.join('src/app/messages/registry', `${path}${language}`);
    loaders.set(name!, { cn: from(cn!, 'cn'), en: from(en!, 'en') });
  }
  return loaders;
}

/**
 * Each route of app/routes.ts whose screen is `() => import('…')`, or `withMessages(() =>
 * import('…'), someMessages, …)`: its screen's source and its message loaders.
 */
export function routeScreens(routes: string): Map<string, { source: string; messages: string[] }> {
  const screens = new Map<string, { source: string; messages: string[] }>();
  const route = /^ {2}(\w+): (withMessages\()?\s*\(\) => import\('([^']+)'\)([^]*?)(?=^ {2}\w+: |^\};)/gm;
  for (const [, name, withMessages, source, rest] of routes.matchAll(route)) {
    const messages = withMessages ? [...rest!.matchAll(/\b(\w+Messages)\b/g)].map((match) => match[1]!) : [];
    screens.set(name!, { source: posix.join('src/app', source!), messages });
  }
  return screens;
}

/** The files of every route's first screen, from the manifest and the app's route table. */
export function screenFiles(manifest: Manifest, routes: string, registry: string): ScreenFiles {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('screen-files: the manifest has no entry');
  const loaders = messageSources(registry);
  const result: ScreenFiles = {};
  for (const [name, screen] of routeScreens(routes)) {
    const byLanguage = {} as Record<Language, string[]>;
    for (const language of languages) {
      const keys = withImports(manifest, entry);
      // The app's own texts in the language, which every screen waits for (app/messages/load-messages.ts).
      withImports(manifest, manifestKey(manifest, `src/app/messages/registry/bundle-${language}`), keys);
      withImports(manifest, manifestKey(manifest, screen.source), keys);
      for (const loader of screen.messages) {
        const source = loaders.get(loader)?.[language];
        if (!source) throw new Error(`screen-files: the message registry has no ${loader}`);
        withImports(manifest, manifestKey(manifest, source), keys);
      }
      byLanguage[language] = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    }
    result[name] = byLanguage;
  }
  return result;
}

/** Writes `.vite/screens.json` once the bundle and its manifest are on disk. */
export function screenFilesPlugin(src: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'school:screen-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const routes = readFileSync(join(src, 'app/routes.ts'), 'utf8');
      const registry = readFileSync(join(src, 'app/messages/registry/screen-messages.ts'), 'utf8');
      writeFileSync(join(outDir, screenFilesPath), JSON.stringify(screenFiles(manifest, routes, registry)));
    },
  };
}
