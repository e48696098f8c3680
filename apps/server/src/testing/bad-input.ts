import { isErrorCode, statusOf } from '@school/contract/errors';
import fc from 'fast-check';
import { z } from 'zod';

/*
 * Junk for the bad-input property test (docs/architecture.md#quality-bars): what a careless or hostile client sends
 * to an endpoint, derived from the endpoint's own zod schemas where it has them, plus the
 * verdict every answer must pass (never a 5xx; every 4xx a catalogue code with its status).
 */

/** The parts of a JSON Schema (as zod writes them) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** A route's zod schema as JSON Schema (input side), or null when it has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The fields of an object schema (merging allOf/anyOf branches), by name. */
export function propertiesOf(schema: JsonSchema | null): Record<string, JsonSchema> {
  if (schema === null) return {};
  const merged: Record<string, JsonSchema> = { ...schema.properties };
  for (const branch of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    Object.assign(merged, propertiesOf(branch));
  }
  return merged;
}

/** Text of any value (objects without a prototype included), as a query or path would carry it. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return 'x';
  }
}

// ---------------------------------------------------------------------------------------------
// Strings

/** C0 and C1 controls and DEL: a database text column refuses NUL; none belong in a name. */
export const controlChars = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];

/** Unicode that trips naive code: invisible, direction overrides, lone surrogates, astral. */
const oddUnicode = [
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\u{10ffff}',
  '😀',
  '👩‍👩‍👧',
  '中文',
  'é',
  'e\u0301',
  'İ',
  'ß',
  'ﬃ',
  '１２３',
];

const numberish = [
  '-1',
  '0',
  '-0',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999999',
  '1e309',
  '-1e309',
  '1e-400',
  'NaN',
  'Infinity',
  '0x10',
  '0b1',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '00000001',
];

/** SQL, LIKE, template and path tricks, and words that mean something to a parser. */
const injections = [
  '%',
  '_',
  '%%',
  '%_%',
  '\\',
  '\\%',
  "'",
  "''",
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '"',
  '`',
  '$1',
  '${x}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%c0%af',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '*',
  '?',
  '#',
  '&',
  '=',
  ';',
  '/',
  ' ',
  '',
];

const control = fc.constantFrom(...controlChars);
const odd = fc.constantFrom(...oddUnicode);
const plain = fc.string({ maxLength: 12 });

/** Puts a control or odd character somewhere inside `text` ("a\u0000b" from "ab"). */
export function spliced(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.oneof(control, odd), fc.nat())
    .map(([t, c, i]) => `${t.slice(0, i % (t.length + 1))}${c}${t.slice(i % (t.length + 1))}`);
}

/** Text of odd characters only (fast-check's own units never make a lone surrogate: this does). */
const oddText = fc.string({ unit: fc.constantFrom(...oddUnicode, 'a', '1', ' '), minLength: 1, maxLength: 8 });

/** 100 to 5000 of one character (some of them multi-byte or NUL). */
const overlong = fc
  .tuple(fc.constantFrom('a', '1', 'é', '中', '😀', '%', '\u0000', ' ', '\\', "'"), fc.integer({ min: 100, max: 5000 }))
  .map(([c, n]) => c.repeat(n));

export const junkString: fc.Arbitrary<string> = fc.oneof(
  plain,
  fc.constantFrom(...numberish),
  fc.constantFrom(...injections),
  spliced(plain),
  fc.array(fc.oneof(control, odd, plain), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  overlong,
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  oddText,
  fc.integer().map(String),
  fc.double().map(String),
);

/** A JSON value of any type, as junk for a field that expects one type. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, 5e-324, 0.5) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(junkString, junkString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------
// Values that pass (or nearly pass) a schema, so junk in one field reaches past validation

const formatSamples: Record<string, string> = {
  email: 'learner@example.com',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  'date-time': '2024-01-02T03:04:05.000Z',
  date: '2024-01-02',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
};

function regexOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

function integerBounds(s: JsonSchema): { lo: number; hi: number } {
  const lo = s.minimum ?? (s.exclusiveMinimum === undefined ? -100 : s.exclusiveMinimum + 1);
  const hi = s.maximum ?? (s.exclusiveMaximum === undefined ? 1000 : s.exclusiveMaximum - 1);
  return { lo, hi };
}

/** Plausible valid values for a schema (fields left out at random where optional). */
export function validish(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (s === undefined || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => validish(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Math.max(min, 24);
      const regex = s.pattern === undefined ? null : regexOf(s.pattern);
      if (regex) return fc.stringMatching(regex).map((v) => v.slice(0, max));
      if (s.format && formatSamples[s.format]) return fc.constant(formatSamples[s.format]);
      return fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 24)) });
    }
    case 'integer': {
      const { lo, hi } = integerBounds(s);
      const small = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, lo + 100, 2 ** 31 - 1) });
      return fc.oneof(small, fc.constantFrom(lo, hi));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum ?? -1e6, max: s.maximum ?? 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      const props = propertiesOf(s);
      const known = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validish(v, depth + 1)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      });
      const extra = s.additionalProperties;
      if (extra === undefined || extra === false) return known;
      // A record (z.record): any key, an odd one too, with a valid value.
      const valueSchema = extra === true ? undefined : extra;
      const keys = fc.oneof(fc.string(), odd, oddText);
      return fc
        .tuple(known, fc.dictionary(keys, validish(valueSchema, depth + 1), { minKeys: 1, maxKeys: 3 }))
        .map(([own, more]) => ({ ...more, ...own }));
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * One fixed valid-looking value for a schema (the base fixed cases spoil): every field, or only
 * the required ones, since a made-up value for an optional field (an avatar url, say) can be
 * refused by the service before the spoiled field is ever used.
 */
export function exampleOf(s: JsonSchema | undefined, depth = 0, requiredOnly = false): unknown {
  if (s === undefined || depth > 4) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) {
    const first = alternatives.find((a) => a.type !== 'null') ?? alternatives[0];
    return exampleOf(first, depth + 1, requiredOnly);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const regex = s.pattern === undefined ? null : regexOf(s.pattern);
      if (regex) return fc.sample(fc.stringMatching(regex), { numRuns: 1, seed: 7 })[0];
      if (s.format && formatSamples[s.format]) return formatSamples[s.format];
      const text = 'abc12345'.repeat(4);
      return text.slice(0, Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 8, 8)));
    }
    case 'integer': {
      const { lo, hi } = integerBounds(s);
      return Math.min(Math.max(1, lo), hi);
    }
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return s.items === undefined || s.maxItems === 0 ? [] : [exampleOf(s.items, depth + 1, requiredOnly)];
    case 'object':
      return Object.fromEntries(
        Object.entries(propertiesOf(s))
          .filter(([k]) => !requiredOnly || (s.required ?? []).includes(k))
          .map(([k, v]) => [k, exampleOf(v, depth + 1, requiredOnly)]),
      );
    default:
      return 'x';
  }
}

/** Paths to the places of an example value a fixed case can spoil: each field, nested ones too. */
export function leafPaths(value: unknown, depth = 0): (string | number)[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [[]];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [[]];
  return [[], ...entries.flatMap(([k, v]) => leafPaths(v, depth + 1).map((rest) => [k, ...rest]))];
}

/** A copy of `value` with `replacement` at `path` (the whole value for an empty path). */
export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = setAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/** Record fields (z.record) of a schema, by path, with their value schema: junk keys go there. */
export function recordPaths(
  s: JsonSchema | undefined,
  path: string[] = [],
  depth = 0,
): [string[], JsonSchema | undefined][] {
  if (s === undefined || depth > 3) return [];
  const found: [string[], JsonSchema | undefined][] = [];
  if (s.additionalProperties !== undefined && s.additionalProperties !== false && path.length > 0) {
    found.push([path, s.additionalProperties === true ? undefined : s.additionalProperties]);
  }
  for (const [k, v] of Object.entries(propertiesOf(s))) found.push(...recordPaths(v, [...path, k], depth + 1));
  for (const alternative of [...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    found.push(...recordPaths(alternative, path, depth + 1));
  return found;
}

// ---------------------------------------------------------------------------------------------
// URLs

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD). */
export function encodeSegment(raw: string): string {
  let out = '';
  for (const byte of Buffer.from(raw, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`;
  }
  return out;
}

/** Path segments sent as they are: overlong UTF-8, bad escapes, encoded controls and slashes. */
export const rawSegments = [
  '%c0%af',
  '%c0%ae%c0%ae',
  '%ed%a0%80',
  '%ff',
  '%fe%ff',
  '%e4%b8',
  '%',
  '%zz',
  '%0',
  '%u0041',
  '%00',
  'a%00b',
  '%01',
  '%7f',
  '%1b',
  '%0d%0a',
  '%2f',
  '%5c',
  '%2e%2e',
  '.',
  '%20',
  '+',
  ';',
  '*',
  '~',
  '%25',
  '%2525',
];

/** A junk path segment, sometimes a real or valid-looking one. */
export function segmentArb(schema: JsonSchema | undefined, realValues: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: junkString.map(encodeSegment) },
    { weight: 2, arbitrary: fc.constantFrom(...rawSegments) },
    { weight: 1, arbitrary: validish(schema).map((v) => encodeSegment(textOf(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...realValues, 'x'.repeat(101), '1'.repeat(101)) },
  );
}

/** Junk query strings: the route's own keys with junk values, random keys, odd shapes. */
export function queryArb(props: Record<string, JsonSchema>): fc.Arbitrary<string> {
  const keys = Object.keys(props);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q');
  const ownKeyPair = key.chain((k) => fc.tuple(fc.constant(k), fc.oneof(junkString, validish(props[k]).map(textOf))));
  const pair = fc
    .oneof({ weight: 3, arbitrary: ownKeyPair }, { weight: 1, arbitrary: fc.tuple(junkString, junkString) })
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  const rawPair = fc.tuple(key, fc.constantFrom(...rawSegments)).map(([k, v]) => `${k}=${v}`);
  const oddShape = key.chain((k) =>
    fc.constantFrom(
      k,
      `${k}=`,
      `${k}=1&${k}=2`,
      `${k}[]=1`,
      `${k}[a]=1`,
      `${k}.a=1`,
      '&&',
      '=',
      '==',
      '%00=1',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
      `${'k'.repeat(5000)}=1`,
    ),
  );
  return fc.array(fc.oneof(pair, pair, rawPair, oddShape), { maxLength: 6 }).map((parts) => parts.join('&'));
}

// ---------------------------------------------------------------------------------------------
// Bodies

export interface BodyPlan {
  contentType?: string;
  payload?: string | Buffer;
}

export const json = (value: unknown): BodyPlan => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

export function formEncoded(value: Record<string, unknown>): BodyPlan {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) search.append(k, textOf(v));
  return { contentType: 'application/x-www-form-urlencoded', payload: search.toString() };
}

/** JSON text a parser must refuse, or accept and then find nothing useful in. */
export const malformedJson = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  'nul',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '"\u0000"',
  '{"a":"\u0000"}',
  '1e309',
  '-',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '\ufeff{}',
];

export const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  ';',
  '*/*',
  `application/${'x'.repeat(300)}`,
];

// A 1×1 PNG, and the first bytes of other file kinds an upload might claim or hide.
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const fileContents: Buffer[] = [
  pngBytes,
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from('<!doctype html><script>alert(1)</script>'),
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('PK\u0003\u0004'),
  Buffer.alloc(0),
];

export interface FilePart {
  name: string;
  filename: string | null;
  type: string | null;
  content: Buffer;
}

export type MultipartShape = 'ok' | 'truncated' | 'no-boundary' | 'wrong-boundary' | 'no-final';

/** A multipart/form-data body, well-formed or broken in the given way. */
export function multipart(parts: FilePart[], boundary: string, shape: MultipartShape): BodyPlan {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== null) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type !== null) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.content, Buffer.from('\r\n'));
  }
  if (shape !== 'no-final') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (shape === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    shape === 'no-boundary'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${shape === 'wrong-boundary' ? `${boundary}x` : boundary}`;
  return { contentType, payload };
}

const filenames = [
  'a.png',
  'avatar.jpg',
  'notes.pdf',
  '../../etc/passwd',
  'a\u0000.png',
  'a.png\u0000.exe',
  `${'x'.repeat(5000)}.png`,
  'a";b.png',
  '中文.png',
  '.htaccess',
  'CON',
  '',
];
const declaredTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'text/html',
  'application/pdf',
  'application/octet-stream',
  'application/x-msdownload',
  '',
  'image/png; charset=utf-8',
  'x'.repeat(300),
];

export const filePartArb: fc.Arbitrary<FilePart> = fc.record({
  name: fc.oneof({ weight: 3, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: junkString }),
  filename: fc.option(fc.oneof(fc.constantFrom(...filenames), junkString), { nil: null }),
  type: fc.option(fc.constantFrom(...declaredTypes), { nil: null }),
  content: fc.oneof(
    fc.constantFrom(...fileContents),
    junkString.map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  ),
});

export const multipartArb: fc.Arbitrary<BodyPlan> = fc
  .tuple(
    fc.array(filePartArb, { maxLength: 3 }),
    fc.constantFrom('----school-junk', 'a', 'x'.repeat(70)),
    fc.constantFrom<MultipartShape>('ok', 'ok', 'truncated', 'no-boundary', 'wrong-boundary', 'no-final'),
  )
  .map(([parts, boundary, shape]) => multipart(parts, boundary, shape));

/** Junk for one field: any type, its own valid value with a control character inside, overlong. */
function spoiledValue(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(junkValue, spliced(validish(s).map(textOf)), overlong);
}

/**
 * Junk bodies for a route with this body schema (none: junk all the same). Most are objects:
 * valid ones, valid but for one spoiled field (so the junk gets past the other checks), or
 * junk in every field; the rest are other JSON, malformed JSON, other content types, forms
 * and multipart.
 */
export function bodyArb(schema: JsonSchema | null): fc.Arbitrary<BodyPlan> {
  const props = propertiesOf(schema);
  const keys = Object.keys(props);
  const valid = validish({ type: 'object', ...schema }).map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
  );
  const oneSpoiled =
    keys.length === 0
      ? valid
      : fc
          .tuple(
            valid,
            fc.constantFrom(...keys).chain((k) => spoiledValue(props[k]).map((v) => [k, v] as const)),
          )
          .map(([body, [k, v]]) => ({ ...body, [k]: v }));
  const allSpoiled = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(validish(props[k]), spoiledValue(props[k]))])), {
        requiredKeys: [],
      }),
      fc.dictionary(junkString, junkValue, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }) as Record<string, unknown>);
  const shaped = fc.oneof(
    { weight: 1, arbitrary: valid },
    { weight: 3, arbitrary: oneSpoiled },
    { weight: 2, arbitrary: allSpoiled },
  );
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...malformedJson), junkString)
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...wrongContentTypes),
          fc.oneof(
            junkString,
            shaped.map((o) => JSON.stringify(o)),
          ),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: shaped.map(formEncoded) },
    { weight: 2, arbitrary: multipartArb },
    { weight: 1, arbitrary: fc.constant<BodyPlan>({}) },
  );
}

// ---------------------------------------------------------------------------------------------
// Verdict

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** What is wrong with an answer to bad input, or null: never a 5xx; a 4xx carries a catalogue code. */
export function badAnswer(method: string, res: Answer): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (method === 'HEAD') {
    const type = String(res.headers['content-type'] ?? '');
    return type.startsWith('application/json') ? null : `HEAD ${res.statusCode} is not typed JSON (${type})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} body is not JSON`;
  }
  const code = (body as { code?: unknown } | null)?.code;
  if (!isErrorCode(code)) return `${res.statusCode} without a catalogue code`;
  if (statusOf(code) !== res.statusCode)
    return `${res.statusCode} with ${code}, which the catalogue answers ${statusOf(code)}`;
  return null;
}

/** The `code` of an error body, if it has one. */
export function codeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Compact, escaped text of a value for failure reports (long strings shortened). */
export function show(value: unknown): string {
  const shorten = (s: string) => (s.length > 60 ? `${s.slice(0, 20)}…(${s.length} chars)` : s);
  if (Buffer.isBuffer(value)) return show(value.toString('latin1'));
  if (typeof value === 'string') return JSON.stringify(shorten(value));
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? shorten(v) : v)) ?? String(value);
}
