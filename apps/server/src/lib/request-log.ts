/*
 * What the server's log may say about a request and an error. Three leaks to close:
 * - Secrets in query strings: the password check (GET …/check/password?password=) is called
 *   that way by the earlier client (docs/product.md#api-paths), and codes and reset tokens are as good as passwords while
 *   they live. Names are compared after percent-decoding, so `passw%6Frd=` is masked too.
 * - Personal data in URLs: the earlier client checks a national identity number
 *   (`check/id-no?idNo=`) and phone numbers (`sms/code?phone=`, `users/phone/{phone}`) with
 *   GETs. An identity number is masked whole; a phone keeps its last four digits, which is
 *   what support matches a learner's report with. Named parameters are masked by name, and any
 *   other place in the URL (a path segment, a parameter of another name) by the value's shape.
 * - Secrets in paths: a calendar feed's URL (GET /api/calendar/<token>.ics) is its only
 *   key, read by calendar apps that cannot send a header; the segment after it is masked.
 * - Errors: a failed database query carries its parameters (a new account's password hash,
 *   a phone number, a code) in its message, its stack and its `params`; the driver's error
 *   adds `detail` ("Key (phone)=(138…) already exists"). Only the SQL text, the SQLSTATE and
 *   the stack frames are logged.
 */

const secretParamName = /pass|token|secret|code|ticket|signature/i;
const identityParamName = /^id_?no$|id_?card|id_?number|identity/i;
const phoneParamName = /phone|mobile/i;

// Shapes that are personal whatever the parameter is called. Not next to a letter or digit,
// so an order number (letters, then 20 digits) or a hex token is left alone.
const identityNumber = /(?<![0-9A-Za-z])(?:\d{17}[\dXx]|\d{15})(?![0-9A-Za-z])/g;
const mainlandPhone = /(?<![0-9A-Za-z])(?:(?:%2B|\+)?86)?1[3-9]\d{9}(?![0-9A-Za-z])/gi;

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `***` and the last four digits, or `***` alone when there are no more than four. */
export function maskPhone(value: string): string {
  const digits = decodeName(value).replace(/\D/g, '');
  return digits.length > 4 ? `***${digits.slice(-4)}` : '***';
}

// Any spelling the router would still send to the feed (case, doubled or encoded slashes).
const calendarFeedToken = /(\/api\/+calendar(?:\/|%2f)+)[^/?#]+/gi;

function maskPersonalShapes(text: string): string {
  return text
    .replace(calendarFeedToken, '$1***')
    .replace(identityNumber, '***')
    .replace(mainlandPhone, (phone) => maskPhone(phone));
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return maskPersonalShapes(url);
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart === -1 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      const name = decodeName(rawName);
      if (secretParamName.test(name) || identityParamName.test(name)) return `${rawName}=***`;
      if (eq !== -1 && phoneParamName.test(name)) return `${rawName}=${maskPhone(pair.slice(eq + 1))}`;
      return maskPersonalShapes(pair);
    })
    .join('&');
  return `${maskPersonalShapes(url.slice(0, queryStart + 1))}${query}${maskPersonalShapes(url.slice(end))}`;
}

export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  constraint?: string;
  cause?: SerializedError;
}

// `invalid input syntax for type integer: "abc"`: the quoted part is the parameter.
const quotedValue = /(: )"[^"]*"/g;

function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/**
 * The log's `err` serializer. A database query error (it carries `query` and `params`) keeps
 * only its SQL; a driver error (it carries a SQLSTATE `code` and `severity`) keeps its code,
 * constraint and message with quoted values masked. Other errors keep message and stack.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const e = error as Error & Record<string, unknown>;
  const type = e.constructor?.name ?? 'Error';
  const out: SerializedError = { type, message: '', stack: '' };
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const isDriverError = typeof e.code === 'string' && typeof e.severity === 'string';
  if (isDriverError) {
    out.message = String(e.message).replace(quotedValue, '$1"***"');
    out.code = e.code as string;
    if (typeof e.constraint === 'string') out.constraint = e.constraint;
    if (typeof e.query === 'string') out.query = e.query;
  } else if (isQueryError) {
    out.message = 'Failed query';
    out.query = e.query as string;
  } else {
    out.message = String(e.message);
    if (typeof e.code === 'string') out.code = e.code;
  }
  out.stack = isQueryError || isDriverError ? frames(e.stack) : typeof e.stack === 'string' ? e.stack : '';
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
