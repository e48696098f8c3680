import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/*
 * Security headers on every answer, pages and API alike, through helmet with a policy written
 * for this app (decision record 010):
 * - scripts only from our origin, plus WeChat's JS-SDK (loaded inside WeChat for sharing), and
 *   the inline scripts of the built app's page (the appearance script that sets the learner's
 *   theme and text size before the first paint), each named by its hash: no other inline script runs;
 * - styles from our origin: the app's CSS is files, and React sets inline styles through the
 *   CSSOM, which a policy does not govern; a server-rendered screen (decision 015) carries the
 *   same styles as `style` attributes, which `style-src-attr` lets in (an attribute can only
 *   style its own element); of `<style>` elements, only the one such a page carries inline,
 *   named by its hash on that page's answer alone (`reply.allowInlineStyle`);
 * - images from our origin, data:/blob: (avatar previews, compressed uploads) and any https
 *   host: a school's rich text (articles, course intros) names its images by URL;
 * - media from our origin and blob: (players feed MediaSource through blob: URLs);
 * - frames of any web page: the custom page (`/page?url=`) frames the school's chosen URL;
 * - nobody frames us but ourselves (frame-ancestors and X-Frame-Options).
 * HSTS only behind https, where it means something; on plain http a browser ignores it, and
 * a development server must not teach it to a browser for a host that later moves.
 *
 * The headers are the same on every answer but a rendered page's policy, so helmet makes them once
 * at start-up (its Fastify plugin calls helmet again on every request, parsing the policy each
 * time); a rendered page's policy is the one made with a slot for its style's hash.
 */

declare module 'fastify' {
  interface FastifyReply {
    /** Lets in this answer's one `<style>` element, by the SHA-256 (base64) of its text. */
    allowInlineStyle(sha256: string): FastifyReply;
  }
}

const styleHashSlot = 'sha256-style-hash-slot';

export const wechatSdkOrigin = 'https://res.wx.qq.com';

export interface SecurityHeadersOptions {
  /** The public URL is https: add HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Origins media and files are served from besides ours (S3-compatible storage, a CDN). */
  storageOrigins: readonly string[];
  /** SHA-256 (base64) of each inline script the app's page carries (inlineScriptHashesOf). */
  inlineScriptHashes?: readonly string[];
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = helmetHeaders(helmetOptions(options, null));
  const policyWithStyleSlot = helmetHeaders(helmetOptions(options, styleHashSlot))['content-security-policy']!;
  app.decorateReply('allowInlineStyle', function allowInlineStyle(this: FastifyReply, sha256: string) {
    return this.header('content-security-policy', policyWithStyleSlot.replace(styleHashSlot, `sha256-${sha256}`));
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

function helmetOptions(options: SecurityHeadersOptions, inlineStyleHash: string | null): HelmetOptions {
  const storage = [...options.storageOrigins];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'self'",
          wechatSdkOrigin,
          ...(options.inlineScriptHashes ?? []).map((hash) => `'sha256-${hash}'`),
        ],
        'style-src': ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        ...(inlineStyleHash ? { 'style-src-elem': ["'self'", `'${inlineStyleHash}'`] } : {}),
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storage],
        'media-src': ["'self'", 'blob:', ...storage],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...storage],
        'worker-src': ["'self'", 'blob:'],
        'frame-src': ["'self'", 'https:', 'http:'],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Media and images may be embedded by our own pages only; a CDN in front keeps this.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The WeChat OAuth round trip and the payment cashier open in the same window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'sameorigin' },
  };
}

/** The headers helmet's middleware sets, collected from one run against a recording response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
