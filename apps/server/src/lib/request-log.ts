/*
 * Request log lines, as Fastify's own serializer writes them, but with the secrets some calls
 * carry in their query string masked: the password check (GET …/check/password?password=) is
 * called that way by the spec's client, and codes and reset tokens are as good as passwords
 * while they live.
 */

const secretQueryParams = /([?&](?:password|code|resetToken|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQueryParams, '$1***');
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
