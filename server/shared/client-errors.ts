import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { detailBody } from './error-shape.js';

/**
 * Requests Node's HTTP parser refuses before any app sees them (a control character in a
 * header value, a malformed request line, headers over the size limit, a header sent too
 * slowly) are answered in the API's error shape, `{"detail": "..."}` as JSON, instead of Node's
 * bare `400` without a body. The server (both APIs, server/main.ts and the tests' servers) and
 * the mock (mocks/mock-server.ts) listen for the parser's `clientError` with this one answer.
 * The detail names the kind of error, never the bytes sent.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; detail: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, detail: 'Request header fields too large: the request line and headers must fit in 16 KiB.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, detail: 'Request timeout: the request was not received in time.' };
    case 'HPE_INVALID_HEADER_TOKEN':
      return { status: 400, detail: 'Bad request: a header name or value holds a character HTTP does not allow (a control character, a line break).' };
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_CONSTANT':
      return { status: 400, detail: 'Bad request: the request line is malformed (expected `METHOD /path HTTP/1.1`).' };
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return { status: 400, detail: 'Bad request: the body framing is malformed (Content-Length or Transfer-Encoding).' };
    default:
      return { status: 400, detail: 'Bad request: the request is not valid HTTP.' };
  }
}

/** Makes `server` answer the parser's errors in the API's error shape (clientErrorAnswer); returns it. */
export function answerClientErrors<T extends Server>(server: T): T {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client reset, or one already answered, gets nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, detail } = clientErrorAnswer(error);
    const body = JSON.stringify(detailBody(detail));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
