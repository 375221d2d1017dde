import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The graph payload compressed for clients that accept it (docs/graphs.md 'Compression'): a month graph is about
 * 2 MB of JSON and a fifth of that compressed. Brotli at quality 1 (or gzip at level 1) costs about as much CPU
 * as writing the uncompressed text to the socket. Only the graph routes use it: the rest of the API is small.
 */

export type GraphEncoding = 'br' | 'gzip' | 'identity';

/** Smaller answers go as they are (compressing them saves less than a packet). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with: br, else gzip, when Accept-Encoding lists it (or `*`) without q=0. */
export function acceptedEncoding(header: string | string[] | undefined): GraphEncoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...parameters] = part.split(';').map((item) => item.trim().toLowerCase());
    if (name === undefined || name === '') {
      continue;
    }
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : 'identity';
}

export async function compressJson(json: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const input = typeof json === 'string' ? Buffer.from(json) : json;
  return encoding === 'br'
    ? brotli(input, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzip(input, { level: 1 });
}

/** Sends UTF-8 JSON as the answer, compressed when the client accepts it and it is large enough. */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Buffer,
): Promise<FastifyReply> {
  reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  const encoding =
    json.length < COMPRESS_MIN_BYTES ? 'identity' : acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') {
    return reply.send(json);
  }
  return reply.header('content-encoding', encoding).send(await compressJson(json, encoding));
}
