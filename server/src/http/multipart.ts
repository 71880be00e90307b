import type { FastifyRequest } from 'fastify';

/** A multipart content type's boundary parameter; busboy needs one to parse. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;

/** Whether the request is multipart/form-data that busboy can parse (it names its boundary). */
export function isParsableMultipart(request: FastifyRequest): boolean {
  return request.isMultipart() && MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '');
}
