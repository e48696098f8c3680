/*
 * What the server's log may say about a request and an error. Two leaks to close:
 * - Query strings: the password check (GET …/check/password?password=) is called that way by
 *   the spec's client, and codes and reset tokens are as good as passwords while they live.
 *   Names are compared after percent-decoding, so `passw%6Frd=` is masked too.
 * - Errors: a failed database query carries its parameters (a new account's password hash,
 *   a phone number, a code) in its message, its stack and its `params`; the driver's error
 *   adds `detail` ("Key (phone)=(138…) already exists"). Only the SQL text, the SQLSTATE and
 *   the stack frames are logged.
 */

const secretParamName = /pass|token|secret|code|ticket|signature/i;

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart === -1 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return secretParamName.test(decodeName(name)) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(end)}`;
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
