import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { problem } from './errors.ts';

/** Why node:http could not read a request, by its parser's error code, in words a user can act on. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  // A browser's headers grow with this site's cookies; a program's with a header it fills itself (an
  // API key pasted wrong, a token): the message names both, and what to do about each.
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      message:
        "The request's headers are too large: too many cookies for this site, or one very long header (such as an X-API-Key or Authorization value). In a browser, clear this site's cookies and try again; from a program, send shorter headers.",
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive. Check the connection and try again.' };
  return { status: 400, message: 'The request could not be read: it is not well-formed HTTP.' };
}

/**
 * Answers a request node:http could not parse in the API's JSON error shape. Node's own answer has an
 * empty body, which leaves the page nothing to say. A client that already went away gets nothing.
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, message } = refusalOf(error.code);
    const answer = problem(status, message);
    const body = JSON.stringify(answer);
    socket.end(
      `HTTP/1.1 ${status} ${answer.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
